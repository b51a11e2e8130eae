notice("[${"abcd"[2,-3]}]")
