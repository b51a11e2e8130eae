# mutant: murano/manifests/deps.pp lines 13-38, inserted '=>' at 10:15
  anchor { 'murano::install::begin': }
  -> Package<| tag == 'murano-package'|>
  ~> anchor { 'murano::install::end': }
  -> anchor { 'murano::config::begin': }
  -> Murano_config<||>
  ~> anchor { 'murano::config::end': }
  -> anchor { 'murano::db::begin': }
  -> anchor { 'murano::db::end': }
  ~> anchor {  => 'murano::dbsync::begin': }
  -> anchor { 'murano::dbsync::end': }
  ~> anchor { 'murano::service::begin': }
  ~> Service<| tag == 'murano-service' |>
  ~> anchor { 'murano::service::end': }

  # all db settings should be applied and all packages should be installed
  # before dbsync starts
  Oslo::Db<||> -> Anchor['murano::dbsync::begin']

  # policy config should occur in the config block also.
  Anchor['murano::config::begin']
  -> Openstacklib::Policy::Base<||>
  ~> Anchor['murano::config::end']

  # Installation or config changes will always restart services.
  Anchor['murano::install::end'] ~> Anchor['murano::service::begin']
  Anchor['murano::config::end']  ~> Anchor['murano::service::begin']
