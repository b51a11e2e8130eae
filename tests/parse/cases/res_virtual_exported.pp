@user { 'a': uid => 1 }
@@file { '/x': }
realize User['a']
User <| title == 'a' |>
File <<| |>>
