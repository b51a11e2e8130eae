# spec: catalog_expressions.md:539
notify {a: message => 'a'}
notify {b: message => 'b'}
notice (Notify[b]-> Notify[a])  # syntax error on ->
