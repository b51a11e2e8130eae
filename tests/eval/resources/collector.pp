@notify { 'x': tag => 'mytag' }
@notify { 'y': }
Notify <| tag == 'mytag' |>
