# mutant: sahara/manifests/db/postgresql.pp lines 27-49, truncated at 14:27
class sahara::db::postgresql(
  $password,
  $dbname     = 'sahara',
  $user       = 'sahara',
  $encoding   = undef,
  $privileges = 'ALL',
) {

  include sahara::deps

  ::openstacklib::db::postgresql { 'sahara':
    password   => $password,
    dbname     => $dbname,