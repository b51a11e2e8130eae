class c { notice($title, $name) }
class { 'c': }
