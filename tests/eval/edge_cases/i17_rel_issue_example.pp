file { ['/tmp/a', '/tmp/b']: }
notify { n: tag => x }
[File['/tmp/a']] -> [] -> Notify<| tag == 'x' |> ~> [File['/tmp/b']]
