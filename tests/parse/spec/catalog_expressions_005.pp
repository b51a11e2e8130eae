# spec: catalog_expressions.md:224
$created = ['message1', 'message2'].map | $m | { notify { $m: } }
