schedule { 'daily': period => daily }
notify { 'a': schedule => 'daily' }
