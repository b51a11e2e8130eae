@notify { 'a': message => 'x' }
@notify { 'b': message => 'y' }
Notify <| message != 'x' |>
