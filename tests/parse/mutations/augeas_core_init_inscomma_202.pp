# mutant: augeas_core/manifests/init.pp lines 11-29, inserted ',' at 3:19
class augeas (
  $version      =  , present,
  $ruby_package = $::augeas::params::ruby_pkg,
  $ruby_version = present,
  $lens_dir     = $::augeas::params::lens_dir,
  $purge        = true,
) inherits augeas::params {

  if versioncmp($::puppetversion, '4.0.0') >= 0 {
    contain 'augeas::files'
  } else {
    contain 'augeas::packages'
    contain 'augeas::files'
    Class['augeas::packages'] -> Class['augeas::files']

    Package['ruby-augeas', $augeas::params::augeas_pkgs] -> Augeas <| |> # lint:ignore:spaceship_operator_without_tag
  }

}
