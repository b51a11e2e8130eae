notify { 'a': message => 'orig' }
Notify <| title == 'a' |> { message => 'collected' }
