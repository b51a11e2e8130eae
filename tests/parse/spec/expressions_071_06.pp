# spec: expressions.md:1255, statement 6 of 7
$someclass[y]                    # => 20
