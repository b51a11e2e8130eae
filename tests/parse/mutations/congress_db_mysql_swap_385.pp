# mutant: congress/manifests/db/mysql.pp lines 36-64, swapped ''congress'' and ',' at 4:20
class congress::db::mysql(
  $password,
  $dbname        = ,'congress'
  $user          = 'congress',
  $host          = '127.0.0.1',
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
  $allowed_hosts = undef
) {

  include congress::deps

  validate_legacy(String, 'validate_string', $password)

  ::openstacklib::db::mysql { 'congress':
    user          => $user,
    password_hash => mysql::password($password),
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
    collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['congress::db::begin']
  ~> Class['congress::db::mysql']
  ~> Anchor['congress::db::end']

}
