# spec: expressions.md:180
$a = /.*/  # a is a reference to the regular expression
