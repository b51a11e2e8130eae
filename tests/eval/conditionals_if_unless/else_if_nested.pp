if false { } else { if true { notice('inner') } }
