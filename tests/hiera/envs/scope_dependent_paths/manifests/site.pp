$toprole = 'one'
class web { $role = 'web' notice(lookup('x')) notice(lookup('y')) }
class db { $role = 'db' notice(lookup('x')) }
class none { notice(lookup('x')) }
include web
include db
include none
notice(lookup('x'))
define d($role) { notice("${title}: ${lookup('x')}") }
d { 'in a define': role => 'db' }
