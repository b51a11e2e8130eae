# spec: catalog_expressions.md:517
$a = File[a] -> File[b]
