notify { a: }
notify { b: }
Notify[a] -> Notify<| tag == 'nope' |> -> Notify[b]
