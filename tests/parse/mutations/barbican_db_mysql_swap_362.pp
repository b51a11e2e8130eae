# mutant: barbican/manifests/db/mysql.pp lines 36-63, swapped ''barbican::db::end'' and ']' at 28:13
class barbican::db::mysql(
  $password,
  $dbname        = 'barbican',
  $user          = 'barbican',
  $host          = '127.0.0.1',
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
  $allowed_hosts = undef
) {

  include barbican::deps

  validate_legacy(String, 'validate_string', $password)

  openstacklib::db::mysql { 'barbican':
    user          => $user,
    password      => $password,
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
    collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['barbican::db::begin']
  ~> Class['barbican::db::mysql']
  ~> Anchor[]'barbican::db::end'
}
