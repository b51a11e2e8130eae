loadorder::def_in_init { "a": x => 2 }
