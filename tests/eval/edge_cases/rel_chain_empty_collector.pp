file { '/a': }
file { '/b': }
[File['/a']] -> [] -> Notify<| tag == 'x' |> ~> [File['/b']]
