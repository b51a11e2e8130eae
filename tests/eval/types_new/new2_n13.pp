notice(Array({a => 1}))
notice(Array([1], true))
notice(Array(Binary('aGk=')))
notice(Tuple[Integer, Integer]({1 => 2}))
