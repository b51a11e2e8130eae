# spec: catalog_expressions.md:521
($a = File[a]) -> File[b]
