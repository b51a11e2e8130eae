# spec: expressions.md:174
$a = Integer # a is a reference to the Integer type
