notice({a => 1} =~ Struct[{a => Integer, Optional[b] => String}], {} =~ Struct[{a => Optional[Integer]}], {a => undef} =~ Struct[{NotUndef[a] => Optional[Integer]}])
