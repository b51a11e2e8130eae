function twice(Callable &$block) { [$block.call(1), $block.call(2)] }
notice(twice() |$x| { $x * 10 })
