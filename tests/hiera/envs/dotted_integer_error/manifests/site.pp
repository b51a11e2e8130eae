notice(lookup('scalar.x'))
