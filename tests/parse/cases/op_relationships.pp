Package['a'] -> File['b'] ~> Service['c']
Service['c'] <- File['b'] <~ Package['a']
[Package['a'], File['x']] -> Service['c']
Package <| |> -> File <| tag == 'x' |>
