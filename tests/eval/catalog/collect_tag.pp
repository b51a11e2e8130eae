@notify { 'a': tag => 'web' }
@notify { 'b': }
Notify <| tag == 'web' |>
