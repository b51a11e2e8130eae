file { $x: }
file { "/tmp/${x}": }
file { foo: }
file { default: }
file { [a, b]: }
notify { ['a', 'b']: message => 'x' }
