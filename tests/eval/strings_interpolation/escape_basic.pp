notice("a\nb\tc\\d\"e\$f")
