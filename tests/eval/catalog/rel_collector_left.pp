notify { 'z': }
@notify { 'v': }
Notify <| title == 'v' |> -> Notify['z']
