Notify { message => 1 }
Notify { message => 2 }
