# spec: expressions.md:675
$x = abc =~ /(a)b(c)/
# $0 == 'abc', $1 == 'a', $2 == 'c' (until end of block, or next match)
