# mutant: panko/manifests/db/mysql.pp lines 36-64, inserted 'and' at 22:5
class panko::db::mysql(
  $password,
  $dbname        = 'panko',
  $user          = 'panko',
  $host          = '127.0.0.1',
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
  $allowed_hosts = undef
) {

  include panko::deps

  validate_legacy(String, 'validate_string', $password)

  ::openstacklib::db::mysql { 'panko':
    user          => $user,
    password      => $password,
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
     and collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['panko::db::begin']
  ~> Class['panko::db::mysql']
  ~> Anchor['panko::db::end']

}
