notice(!!'x')
notice(!!undef)
