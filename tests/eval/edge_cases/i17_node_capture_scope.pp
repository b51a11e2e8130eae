node /^(test)(node)/ { notice("$1 $2") class { c: } }
class c { notice("in c: $1") }
