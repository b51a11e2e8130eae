# Dir.glob's order: each directory's entries sorted, an entry, then what
# is below it, then the next entry; `dir/*/` finds directories with the
# slash; literal `..` after a wildcard; a trailing `**` is `*`.
$d = module_directory('stdlib')
$n = $d.length + 1
notice(glob("${d}/types/**/*.pp").map |$p| { $p[$n, -1] }.filter |$p| { $p =~ /^types\/[a-h]/ })
notice(glob("${d}/types/*/").map |$p| { $p[$n, -1] })
notice(glob("${d}/types/p*/../e*.pp").map |$p| { $p[$n, -1] })
notice(glob("${d}/types/**").map |$p| { $p[$n, -1] }.filter |$p| { $p =~ /^types\/[d-f]/ })
notice(glob("${d}/types/{ip,dns}/**/*.pp").map |$p| { $p[$n, -1] }.length > 3)
