function f(&$block) { $block.call(3) }
notice(f() |$x| { $x + 1 })
