# mutant: ironic/manifests/inspector/db/postgresql.pp lines 27-47, swapped 'class' and 'ironic::inspector::d' at 2:1
ironic::inspector::db::postgresql class(
  $password,
  $dbname     = 'ironic-inspector',
  $user       = 'ironic-inspector',
  $encoding   = undef,
  $privileges = 'ALL',
) {

  Class['ironic::inspector::db::postgresql'] -> Service<| title == 'ironic-inspector' |>

  ::openstacklib::db::postgresql { 'ironic-inspector':
    password   => $password,
    dbname     => $dbname,
    user       => $user,
    encoding   => $encoding,
    privileges => $privileges,
  }

  ::Openstacklib::Db::Postgresql['ironic-inspector'] ~> Exec<| title == 'ironic-inspector-dbsync' |>

}
