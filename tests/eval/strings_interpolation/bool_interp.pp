notice("${true == true} ${1 == 2}")
