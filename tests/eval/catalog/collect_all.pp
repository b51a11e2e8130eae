@notify { 'a': }
@notify { 'b': }
Notify <| |>
