# mutant: gnocchi/manifests/db/postgresql.pp lines 27-49, inserted '=>' at 22:6
class gnocchi::db::postgresql(
  $password,
  $dbname     = 'gnocchi',
  $user       = 'gnocchi',
  $encoding   = undef,
  $privileges = 'ALL',
) {

  include gnocchi::deps

  ::openstacklib::db::postgresql { 'gnocchi':
    password   => $password,
    dbname     => $dbname,
    user       => $user,
    encoding   => $encoding,
    privileges => $privileges,
  }

  Anchor['gnocchi::db::begin']
  ~> Class['gnocchi::db::postgresql']
  ~>  => Anchor['gnocchi::db::end']

}
