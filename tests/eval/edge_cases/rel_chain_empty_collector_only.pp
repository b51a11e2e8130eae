notify { 'a': }
notify { 'b': }
Notify['a'] -> Package<| title == 'none' |> -> Notify['b']
