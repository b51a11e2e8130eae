# mutant: designate/manifests/deps.pp lines 13-42, swapped '~>' and 'anchor' at 14:3
  anchor { 'designate::install::begin': }
  -> Package<| tag == 'designate-package'|>
  ~> anchor { 'designate::install::end': }
  -> anchor { 'designate::config::begin': }
  -> Designate_config<||>
  ~> anchor { 'designate::config::end': }
  -> anchor { 'designate::db::begin': }
  -> anchor { 'designate::db::end': }
  ~> anchor { 'designate::dbsync::begin': }
  -> anchor { 'designate::dbsync::end': }
  ~> anchor { 'designate::service::begin': }
  ~> Service<| tag == 'designate-service' |>
  anchor ~> { 'designate::service::end': }

  # all coordination settings should be applied and all packages should be
  # installed before service startup
  Oslo::Coordination<||> -> Anchor['designate::service::begin']

  # paste-api.ini config should occur in the config block also.
  Anchor['designate::config::begin']
  -> Designate_api_paste_ini<||>
  ~> Anchor['designate::config::end']

  # policy config should occur in the config block also.
  Anchor['designate::config::begin']
  -> Openstacklib::Policy<||>
  ~> Anchor['designate::config::end']

  # On any uwsgi config change, we must restart Designate APIs.
  Anchor['designate::config::begin']
