User <| groups == 'admin' |> { shell => '/bin/zsh' }
File <| tag == 'a' and (title != 'b' or title == 'c') |> { mode +> '0600' }
Package <| |>
