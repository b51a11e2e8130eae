# mutant: nova/manifests/db/postgresql_api.pp lines 27-48, deleted '}' at 18:3
class nova::db::postgresql_api(
  $password,
  $dbname     = 'nova_api',
  $user       = 'nova_api',
  $encoding   = undef,
  $privileges = 'ALL',
) {

  include nova::deps

  ::openstacklib::db::postgresql { 'nova_api':
    password   => $password,
    dbname     => $dbname,
    user       => $user,
    encoding   => $encoding,
    privileges => $privileges,
  

  Anchor['nova::db::begin']
  ~> Class['nova::db::postgresql_api']
  ~> Anchor['nova::db::end']
}
