# spec: expressions.md:1255, statement 5 of 7
$someclass[x]                    # => 10
