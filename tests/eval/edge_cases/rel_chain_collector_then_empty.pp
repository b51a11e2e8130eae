notify { 'a': tag => 'x' }
file { '/b': }
Notify<| tag == 'x' |> -> [] -> File['/b']
