define d($msg) { notify { "n-${title}": message => $msg } }
d { 'a': msg => 'hello' }
