# mutant: glance/manifests/db/mysql.pp lines 33-60, deleted ')' at 10:1
class glance::db::mysql(
  $password,
  $dbname        = 'glance',
  $user          = 'glance',
  $host          = '127.0.0.1',
  $allowed_hosts = undef,
  $charset       = 'utf8',
  $collate       = 'utf8_general_ci',
 {

  include glance::deps

  validate_legacy(String, 'validate_string', $password)

  ::openstacklib::db::mysql { 'glance':
    user          => $user,
    password      => $password,
    dbname        => $dbname,
    host          => $host,
    charset       => $charset,
    collate       => $collate,
    allowed_hosts => $allowed_hosts,
  }

  Anchor['glance::db::begin']
  ~> Class['glance::db::mysql']
  ~> Anchor['glance::db::end']
}
