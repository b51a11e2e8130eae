notify { 'a': tag => 'bad tag!' }
