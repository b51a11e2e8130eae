# spec: catalog_expressions.md:441, statement 2 of 9
File['foo', 'fee', 'bar'] { mode => '0666' }
