@notify { 'v': message => 'virt' }
Notify <| title == 'v' |>
