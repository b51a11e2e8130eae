class t($a = 1) { notice($a) }
class { 't': }
