@notify { 'a': message => 'x', loglevel => 'err' }
@notify { 'b': message => 'y' }
@notify { 'c': message => 'z' }
Notify <| (message == 'x' and loglevel == 'err') or title == 'c' |>
