define t(Integer $count, String $label, $free) {}
t { 'a': count => undef, label => 1, free => undef }
