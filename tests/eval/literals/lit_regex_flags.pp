notice('ABC' =~ /abc/i, "a
b" =~ /a.b/m)
