# spec: catalog_expressions.md:441, statement 9 of 9
$resources { mode => '0666' }
