notice(Array({a => 1}, true))
notice(Array('abc', true))
notice(Tuple[Integer, String]([1, 'a']))
notice(Struct[{a => Integer}]({a => 1}))
