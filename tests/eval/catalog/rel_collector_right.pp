@notify { 'v1': }
@notify { 'v2': }
notify { 'w': } -> Notify <| |>
