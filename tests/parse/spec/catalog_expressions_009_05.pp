# spec: catalog_expressions.md:441, statement 5 of 9
Resource['File', 'foo', 'bar'] { mode => '0666'}
