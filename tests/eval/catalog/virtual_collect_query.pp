@notify { 'v1': message => 'x' }
@notify { 'v2': message => 'y' }
Notify <| message == 'x' |>
