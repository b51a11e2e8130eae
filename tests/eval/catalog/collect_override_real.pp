notify { 'a': message => 'x' }
Notify <| |> { loglevel => 'err' }
