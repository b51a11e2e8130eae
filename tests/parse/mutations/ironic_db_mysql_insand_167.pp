# mutant: ironic/manifests/db/mysql.pp lines 47-72, inserted 'and' at 3:12
class ironic::db::mysql (
  $password and ,
  $dbname        = 'ironic',
  $user          = 'ironic',
  $host          = '127.0.0.1',
  $allowed_hosts = undef,
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
) {

  include ironic::deps

  ::openstacklib::db::mysql { 'ironic':
    user          => $user,
    password      => $password,
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
    collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['ironic::db::begin']
  ~> Class['ironic::db::mysql']
  ~> Anchor['ironic::db::end']
}
