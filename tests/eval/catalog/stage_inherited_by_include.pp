stage { 'pre': before => Stage['main'] }
class d { include e }
class e { notify { 'in-e': } }
class { 'd': stage => 'pre' }
