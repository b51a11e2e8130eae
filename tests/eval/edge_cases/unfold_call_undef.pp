notice(*undef)
notice([*undef])
