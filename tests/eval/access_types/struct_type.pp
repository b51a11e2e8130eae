notice(Struct[{mode => Enum[read, write, update], path => String[1]}])
