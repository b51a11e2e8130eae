class web { @notify { 'a': } }
include web
@notify { 'b': }
Notify <| tag == 'web' |>
