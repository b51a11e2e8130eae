notice(Struct[{a => Integer, Optional[b] => String}])
