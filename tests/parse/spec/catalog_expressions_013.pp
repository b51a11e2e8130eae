# spec: catalog_expressions.md:526
$a = if true { File[a] -> File[b] }
