notice(lookup('bad::x'))
