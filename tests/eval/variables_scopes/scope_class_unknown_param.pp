class c { }
class { 'c': nope => 1 }
