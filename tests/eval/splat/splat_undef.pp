notice([*undef])
