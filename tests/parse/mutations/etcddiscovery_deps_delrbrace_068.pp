# mutant: etcddiscovery/manifests/deps.pp lines 5-18, deleted '}' at 6:47
class etcddiscovery::deps {
  anchor { 'etcddiscovery::install::begin': }
  -> Package<| tag == 'etcddiscovery'|>
  ~> anchor { 'etcddiscovery::install::end': }
  -> anchor { 'etcddiscovery::config::begin': 
  -> Etcddiscovery_config<||>
  ~> anchor { 'etcddiscovery::config::end': }
  ~> anchor { 'etcddiscovery::service::begin': }
  ~> Service<| tag == 'etcddiscovery-service' |>
  ~> anchor { 'etcddiscovery::service::end': }

  # Installation changes will always restart services.
  Anchor['etcddiscovery::install::end'] ~> Anchor['etcddiscovery::service::begin']
}
