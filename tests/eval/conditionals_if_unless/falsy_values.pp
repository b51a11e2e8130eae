[undef, false].each |$v| {
  if $v { notice('truthy') } else { notice('falsy') }
}
