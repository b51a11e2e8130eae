with(undef) |$a = 'dflt'| { notice("[${a}]") }
