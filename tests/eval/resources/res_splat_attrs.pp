$h = {message => 'splat'}
notify { 'a': * => $h }
