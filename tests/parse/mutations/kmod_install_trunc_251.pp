# mutant: kmod/manifests/install.pp lines 15-30, truncated at 12:16
define kmod::install(
  $ensure=present,
  $command='/bin/true',
  $file="/etc/modprobe.d/${name}.conf",
) {

  kmod::setting { "kmod::install ${title}":
    ensure   => $ensure,
    module   => $name,
    file     => $file,
    category =>