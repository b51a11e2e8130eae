notice({a => 1} - undef)
