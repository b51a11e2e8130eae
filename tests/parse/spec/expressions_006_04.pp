# spec: expressions.md:207, statement 4 of 7
$x = abc[1]    # $x becomes 'b' (character at index 1 in string 'abc')
