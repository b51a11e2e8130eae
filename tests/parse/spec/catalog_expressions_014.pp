# spec: catalog_expressions.md:531
notify {a: message => 'a'}
notify {b: message => 'b'}
notice Notify[b]-> Notify[a]
