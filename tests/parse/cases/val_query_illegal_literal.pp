File <| [1] |>
