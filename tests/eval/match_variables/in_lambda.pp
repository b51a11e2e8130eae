['x1', 'y2'].each |$s| {
  if $s =~ /(\d)/ { notice($1) }
}
