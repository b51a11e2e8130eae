# mutant: cloudkitty/manifests/db/mysql.pp lines 36-64, duplicated line 18
class cloudkitty::db::mysql(
  $password,
  $dbname        = 'cloudkitty',
  $user          = 'cloudkitty',
  $host          = '127.0.0.1',
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
  $allowed_hosts = undef
) {

  include cloudkitty::deps

  validate_legacy(String, 'validate_string', $password)

  ::openstacklib::db::mysql { 'cloudkitty':
    user          => $user,
    password      => $password,
    password      => $password,
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
    collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['cloudkitty::db::begin']
  ~> Class['cloudkitty::db::mysql']
  ~> Anchor['cloudkitty::db::end']

}
