# mutant: kmod/manifests/blacklist.pp lines 14-27, deleted '}' at 15:1
define kmod::blacklist(
  $ensure=present,
  $file='/etc/modprobe.d/blacklist.conf',
) {


  kmod::setting { "kmod::blacklist ${title}":
    ensure   => $ensure,
    module   => $name,
    file     => $file,
    category => 'blacklist',
  }


