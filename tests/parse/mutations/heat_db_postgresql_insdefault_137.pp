# mutant: heat/manifests/db/postgresql.pp lines 27-48, inserted 'default' at 8:2
class heat::db::postgresql(
  $password,
  $dbname     = 'heat',
  $user       = 'heat',
  $encoding   = undef,
  $privileges = 'ALL',
) default  {

  include heat::deps

  ::openstacklib::db::postgresql { 'heat':
    password   => $password,
    dbname     => $dbname,
    user       => $user,
    encoding   => $encoding,
    privileges => $privileges,
  }

  Anchor['heat::db::begin']
  ~> Class['heat::db::postgresql']
  ~> Anchor['heat::db::end']
}
