Notify <| title == 'late' |>
@notify { 'late': }
