# spec: catalog_expressions.md:441, statement 4 of 9
File { mode => 0666 }                         # a Resource Default Expression, not override
