notice(hiera_array('nokey', ['d']))
notice(hiera_hash('nokey', {d => 1}))
hiera_include('classes', [])
