notice(type(Sensitive('x')), type(Sensitive(1)))
