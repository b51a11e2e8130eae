# Every setting whose value names no file or directory (those are below
# the oracle's temporary directories), with its value and type.
$s = $settings::all_local.filter |$k, $v| { !($v =~ String and '/' in $v) and !($v =~ Array and $v.any |$e| { $e =~ String and '/' in $e }) }
$s.each |$k, $v| { notice("${k} = ${v} (${type($v, 'generalized')})") }
