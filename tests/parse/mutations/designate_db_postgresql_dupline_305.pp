# mutant: designate/manifests/db/postgresql.pp lines 27-49, duplicated line 8
class designate::db::postgresql(
  $password,
  $dbname      = 'designate',
  $user        = 'designate',
  $encoding    = undef,
  $privileges  = 'ALL',
) {
) {

  include designate::deps

  ::openstacklib::db::postgresql { 'designate':
    password   => $password,
    dbname     => $dbname,
    user       => $user,
    encoding   => $encoding,
    privileges => $privileges,
  }


  Anchor['designate::db::begin']
  ~> Class['designate::db::postgresql']
  ~> Anchor['designate::db::end']
}
