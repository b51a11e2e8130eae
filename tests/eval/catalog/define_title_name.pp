define d($p = $title) { notify { "${title}/${name}/${p}": } }
d { 'a': }
d { 'b': name => 'bee' }
