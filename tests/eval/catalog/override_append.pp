class base { file { '/tmp/f': mode => '0644', tag => 't1' } }
class child inherits base { File['/tmp/f'] { tag +> 't2' } }
include child
