@notify { 'a': tag => ['x', 'y'] }
@user { 'u': groups => ['wheel', 'adm'] }
User <| groups == 'adm' |>
