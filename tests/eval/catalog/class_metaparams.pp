class c { notify { 'x': } }
class { 'c': tag => 'extra', noop => true }
