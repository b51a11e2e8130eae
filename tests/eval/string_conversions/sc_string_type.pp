notice(String(Integer[1,2]), String(Optional[String]), String(Struct[{a => Integer}]))
