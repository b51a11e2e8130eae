# mutant: mysql/manifests/bindings/client_dev.pp lines 6-19, duplicated line 10
class mysql::bindings::client_dev {

  if $mysql::bindings::client_dev_package_name {
    package { 'mysql-client_dev':
      ensure          => $mysql::bindings::client_dev_package_ensure,
      install_options => $mysql::bindings::install_options,
      name            => $mysql::bindings::client_dev_package_name,
      provider        => $mysql::bindings::client_dev_package_provider,
    }
    }
  } else {
    warning(translate('No MySQL client development package configured for %{os}.', {'os' => $::operatingsystem }))
  }

}
