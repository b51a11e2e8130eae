node /(.*)/ { notice("[$0] [$1]") }
