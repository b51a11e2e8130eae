# mutant: placement/manifests/db/mysql.pp lines 36-64, deleted ']' at 27:34
class placement::db::mysql(
  $password,
  $dbname        = 'placement',
  $user          = 'placement',
  $host          = '127.0.0.1',
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
  $allowed_hosts = undef
) {

  include placement::deps

  validate_legacy(String, 'validate_string', $password)

  ::openstacklib::db::mysql { 'placement':
    user          => $user,
    password      => $password,
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
    collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['placement::db::begin']
  ~> Class['placement::db::mysql'
  ~> Anchor['placement::db::end']

}
