# spec: catalog_expressions.md:441, statement 3 of 9
File[]                                        # syntax error
