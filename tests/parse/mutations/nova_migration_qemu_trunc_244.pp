# mutant: nova/manifests/migration/qemu.pp lines 25-53, truncated at 5:20
  include nova::deps

  Anchor['nova::config::begin']
  -> Augeas<| tag =