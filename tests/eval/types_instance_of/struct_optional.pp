notice({a => 1} =~ Struct[{a => Integer, b => Optional[String]}])
notice({a => 1, b => undef} =~ Struct[{a => Integer, b => Optional[String]}])
notice({a => 1} =~ Struct[{a => Integer, Optional[b] => String}])
notice({a => 1, c => 2} =~ Struct[{a => Integer}])
