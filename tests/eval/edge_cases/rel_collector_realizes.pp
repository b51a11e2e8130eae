@notify { 'v': tag => 'x' }
notify { 'a': }
Notify['a'] -> Notify<| tag == 'x' |>
