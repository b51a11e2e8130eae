tag 'maintag'
notify { 'a': }
