notice(with(5) |$x| { } == undef)
