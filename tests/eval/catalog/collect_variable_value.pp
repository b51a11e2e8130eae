$m = 'x'
@notify { 'a': message => 'x' }
Notify <| message == $m |>
