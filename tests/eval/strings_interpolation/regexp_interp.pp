notice("${/ab+c/}")
