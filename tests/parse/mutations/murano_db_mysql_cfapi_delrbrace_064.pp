# mutant: murano/manifests/db/mysql_cfapi.pp lines 35-63, deleted '}' at 30:1
class murano::db::mysql_cfapi(
  $password,
  $dbname        = 'murano_cfapi',
  $user          = 'murano_cfapi',
  $host          = '127.0.0.1',
  $allowed_hosts = undef,
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
) {

  include murano::deps

  validate_legacy(String, 'validate_string', $password)

  ::openstacklib::db::mysql{ 'murano_cfapi':
    user          => $user,
    password      => $password,
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
    collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['murano::db::begin']
  ~> Class['murano::db::mysql_cfapi']
  ~> Anchor['murano::db::end']


