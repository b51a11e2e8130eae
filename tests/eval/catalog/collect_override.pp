@notify { 'a': message => 'x' }
Notify <| title == 'a' |> { message => 'collected' }
