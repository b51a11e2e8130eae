class c($p = undef) { notice($p =~ Undef) }
class { 'c': p => undef }
