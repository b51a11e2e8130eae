# spec: catalog_expressions.md:441, statement 6 of 9
$type = File
