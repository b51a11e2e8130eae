type B = Integer
notice(Struct[{a => Init[B], Optional[b] => Integer}])
notice(Init[B]("12"))
notice("12" =~ Init[B])
notice(Init[B] == Init[B])
