notice(sort(shuffle([1, 2, 3, 4, 5])))
notice(shuffle('a').length)
notice(sort(shuffle('abc').split('')).join)
