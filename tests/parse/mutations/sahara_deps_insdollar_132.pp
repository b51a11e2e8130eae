# mutant: sahara/manifests/deps.pp lines 13-42, inserted '$' at 17:33
  anchor { 'sahara::install::begin': }
  -> Package<| tag == 'sahara-package'|>
  ~> anchor { 'sahara::install::end': }
  -> anchor { 'sahara::config::begin': }
  -> Sahara_config<||>
  ~> anchor { 'sahara::config::end': }
  -> anchor { 'sahara::db::begin': }
  -> anchor { 'sahara::db::end': }
  ~> anchor { 'sahara::dbsync::begin': }
  -> anchor { 'sahara::dbsync::end': }
  ~> anchor { 'sahara::service::begin': }
  ~> Service<| tag == 'sahara-service' |>
  ~> anchor { 'sahara::service::end': }

  # paste-api.ini config should occur in the config block also.
  Anchor['sahara::config::begin' $ ]
  -> Sahara_api_paste_ini<||>
  ~> Anchor['sahara::config::end']

  # policy config should occur in the config block also.
  Anchor['sahara::config::begin']
  -> Openstacklib::Policy<||>
  ~> Anchor['sahara::config::end']

  # On any uwsgi config change, we must restart Sahara API.
  Anchor['sahara::config::begin']
  -> Sahara_api_uwsgi_config<||>
  ~> Anchor['sahara::config::end']

  # all db settings should be applied and all packages should be installed
