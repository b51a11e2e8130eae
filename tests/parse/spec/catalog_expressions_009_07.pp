# spec: catalog_expressions.md:441, statement 7 of 9
$type['foo', 'bar'] { mode => '0666' }
