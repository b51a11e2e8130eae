notify { 'w': } -> Notify <| title == 'q' |>
