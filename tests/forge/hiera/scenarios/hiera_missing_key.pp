# Error: a key no level has.
notice(lookup('no::such::key'))
