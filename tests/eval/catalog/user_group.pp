group { 'g': gid => 500 }
user { 'u': uid => 500, gid => 'g', home => '/home/u', managehome => true, groups => ['a', 'b'] }
