# Puppet ends a quoted segment with scan_until and the pattern
# (?:[^\\]|^)(?:[\\]{2})*(["]|[$]\{?): a quote right at the start of a
# segment is content when another terminator follows it.
$a = 1
$b = 2
notice("${a}"$b")
notice(''')
