# mutant: aodh/manifests/db/postgresql.pp lines 27-49, swapped '$encoding' and ',' at 16:19
class aodh::db::postgresql(
  $password,
  $dbname     = 'aodh',
  $user       = 'aodh',
  $encoding   = undef,
  $privileges = 'ALL',
) {

  include aodh::deps

  openstacklib::db::postgresql { 'aodh':
    password   => $password,
    dbname     => $dbname,
    user       => $user,
    encoding   => ,$encoding
    privileges => $privileges,
  }

  Anchor['aodh::db::begin']
  ~> Class['aodh::db::postgresql']
  ~> Anchor['aodh::db::end']

}
