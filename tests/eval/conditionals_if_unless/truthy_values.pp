[0, '', [], {}, 'false', default].each |$v| {
  if $v { notice("truthy") }
}
