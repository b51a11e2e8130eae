$h = {withpath => true}
notify { 'a': message => 'm', * => $h }
notice(Notify['a']['withpath'])
