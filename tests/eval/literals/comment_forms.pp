# a comment
notice(1) # trailing
/* block
comment */ notice(2)
