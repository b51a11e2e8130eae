# mutant: placement/manifests/deps.pp lines 13-42, inserted 'in' at 25:38
  anchor { 'placement::install::begin': }
  -> Package<| tag == 'placement-package'|>
  ~> anchor { 'placement::install::end': }
  -> anchor { 'placement::config::begin': }
  -> Placement_config<||>
  ~> anchor { 'placement::config::end': }
  -> anchor { 'placement::db::begin': }
  -> anchor { 'placement::db::end': }
  ~> anchor { 'placement::dbsync::begin': }
  -> anchor { 'placement::dbsync::end': }
  ~> anchor { 'placement::service::begin': }
  ~> Service<| tag == 'placement-service' |>
  ~> anchor { 'placement::service::end': }

  # Support packages need to be installed in the install phase, but we don't
  # put them in the chain above because we don't want any false dependencies
  # between packages with the placement-package tag and the placement-support-package
  # tag.  Note: the package resources here will have a 'before' relationship on
  # the placement::install::end anchor.  The line between placement-support-package
  # and placement-package should be whether or not placement services would
  # need to be restarted if the package state was changed.
  Anchor['placement::install::begin']
  -> Package<| tag == 'placement-support-package'|>
  -> Anchor['placement::install::end' in ]

  # all db settings should be applied and all packages should be installed
  # before dbsync starts
  Oslo::Db<||> -> Anchor['placement::dbsync::begin']

  # policy config should occur in the config block also.
