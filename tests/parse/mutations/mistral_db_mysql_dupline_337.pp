# mutant: mistral/manifests/db/mysql.pp lines 36-63, duplicated line 2
class mistral::db::mysql(
class mistral::db::mysql(
  $password,
  $dbname        = 'mistral',
  $user          = 'mistral',
  $host          = '127.0.0.1',
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
  $allowed_hosts = undef
) {

  include mistral::deps

  validate_legacy(String, 'validate_string', $password)

  ::openstacklib::db::mysql { 'mistral':
    user          => $user,
    password      => $password,
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
    collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['mistral::db::begin']
  ~> Class['mistral::db::mysql']
  ~> Anchor['mistral::db::end']
}
