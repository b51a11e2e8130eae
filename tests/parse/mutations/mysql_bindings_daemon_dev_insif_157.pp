# mutant: mysql/manifests/bindings/daemon_dev.pp lines 6-19, inserted 'if' at 4:6
class mysql::bindings::daemon_dev {

  if  if $mysql::bindings::daemon_dev_package_name {
    package { 'mysql-daemon_dev':
      ensure          => $mysql::bindings::daemon_dev_package_ensure,
      install_options => $mysql::bindings::install_options,
      name            => $mysql::bindings::daemon_dev_package_name,
      provider        => $mysql::bindings::daemon_dev_package_provider,
    }
  } else {
    warning(translate('No MySQL daemon development package configured for %{os}.', {'os' => $::operatingsystem }))
  }

}
