# spec: catalog_expressions.md:441, statement 8 of 9
$resources = File['foo', 'bar']
