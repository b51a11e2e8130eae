# mutant: ssh/manifests/server/install.pp lines 1-10, deleted ']' at 5:58
class ssh::server::install {
  include ssh::params
  if $ssh::params::server_package_name {
    if !defined(Package[$ssh::params::server_package_name) {
      package { $ssh::params::server_package_name:
        ensure   => $ssh::server::ensure,
      }
    }
  }
}
