# A title that names a resource through its type's title patterns (file
# drops trailing slashes): defined(), references and relationships find it.
file { '/tmp/dir': ensure => directory }
notice(defined(File['/tmp/dir/']), defined(File['/tmp/dir//']), defined(File['/tmp/other/']))
if !defined(File['/tmp/dir/']) {
  file { '/tmp/dir/': ensure => directory }
}
notify { 'after': require => File['/tmp/dir/'] }
File['/tmp/dir//'] -> Notify['after']
