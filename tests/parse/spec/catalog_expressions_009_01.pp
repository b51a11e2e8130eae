# spec: catalog_expressions.md:441, statement 1 of 9
File['foo'] { mode => '0666' }
