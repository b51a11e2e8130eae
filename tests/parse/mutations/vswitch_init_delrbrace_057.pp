# mutant: vswitch/manifests/init.pp lines 27-32, deleted '}' at 7:1
class vswitch (
  $provider = $vswitch::params::provider
) {
  $cls = "::vswitch::${provider}"
  include $cls

