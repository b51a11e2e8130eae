include v3
notice(lookup('j'))
notice(lookup('h'))
notice(lookup('h', Hash, 'hash'))
notice(hiera_hash('h'))
notice(hiera_hash('h', {}, 'extra'))
notice(hiera_array('arr'))
notice(hiera('j'))
notice(hiera('nope', 'hiera default'))
