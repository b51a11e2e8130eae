$h = { [1,2] => 'a', [3] => 'b' }
notify { 'n': message => $h }
