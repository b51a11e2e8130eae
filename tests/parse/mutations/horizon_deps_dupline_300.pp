# mutant: horizon/manifests/deps.pp lines 22-48, duplicated line 26
class horizon::deps {

  anchor { 'horizon::install::begin': }
  -> Package<| tag == 'horizon-package' |>
  ~> anchor { 'horizon::install::end': }
  -> anchor { 'horizon::config::begin': }
  ~> anchor { 'horizon::config::end': }
  -> anchor { 'horizon::compress::begin': }
  -> Exec<| tag == 'horizon-compress' |>
  ~> anchor { 'horizon::compress::end': }
  -> anchor { 'horizon::dashboard::begin': }
  -> Package<| tag == 'horizon-dashboard-package' |>
  ~> anchor { 'horizon::dashboard::end': }
  -> anchor { 'horizon::service::begin': }
  -> Service<| title == 'httpd' |>
  ~> anchor { 'horizon::service::end': }

  # policy config should occur in the config block
  Anchor['horizon::config::begin']
  -> Openstacklib::Policy<||>
  ~> Anchor['horizon::config::end']

  # Installation or config changes will always restart services.
  Anchor['horizon::install::end'] ~> Anchor['horizon::service::begin']
  Anchor['horizon::config::end'] ~> Anchor['horizon::service::begin']
  Anchor['horizon::config::end'] ~> Anchor['horizon::service::begin']
  Anchor['horizon::dashboard::end'] ~> Anchor['horizon::service::begin']
}
