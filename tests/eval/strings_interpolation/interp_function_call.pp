notice("${upcase('abc')} ${[3,1,2].sort}")
