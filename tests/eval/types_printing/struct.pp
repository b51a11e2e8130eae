notice(Struct[{mode => Enum[r, w], path => String[1]}])
notice(Struct[{a => Integer, Optional[b] => String}])
notice(Struct[{}])
