notify { b: }
Notify[b] -> Notify[zz]
