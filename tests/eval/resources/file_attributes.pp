file { '/tmp/x':
  ensure  => file,
  content => 'data',
  mode    => '0644',
}
