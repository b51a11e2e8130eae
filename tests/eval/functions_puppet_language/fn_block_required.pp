function f(Callable &$block) { $block.call(3) }
notice(f())
