class a { notice('a included') }
class b { notice('b included') }
class c { notice('c included') }
notice(hiera('classes'))
notice(hiera_array('classes'))
notice(hiera_hash('h'))
notice(hiera('nope') |$k| { "block ${k}" })
notice(hiera('nope', 'default', 'override_level'))
hiera_include('classes')
hiera_include('empty_classes')
