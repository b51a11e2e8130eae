define t() { file { '/x': } file { '/x': } }
t { 'a': }
