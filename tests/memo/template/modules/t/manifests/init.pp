class t {
  file { '/etc/t.conf':
    content => template('t/t.erb'),
  }
  notify { 'inline':
    message => inline_template('<%= scope.lookupvar("::other") %>/<%= scope["::third"] %>'),
  }
}
