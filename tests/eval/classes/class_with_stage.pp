stage { 'pre': before => Stage['main'] }
class c { }
class { 'c': stage => 'pre' }
