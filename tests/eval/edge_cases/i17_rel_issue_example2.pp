file { ['/tmp/a', '/tmp/b']: }
[File['/tmp/a']] -> [] -> Notify<| tag == 'x' |> ~> [File['/tmp/b']]
