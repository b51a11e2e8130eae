# A fact some nodes lack: its absence is an answer too (and an unknown
# variable warning names the file and line).
if $::maybe { notice("maybe is ${::maybe}") } else { notice('no maybe') }
$local = $maybe
notify { "local ${local}": }
# A top-scope assignment that a fact of the same name makes an error.
$assigned = 'from site.pp'
notice($assigned)
notice($trusted['certname'])
