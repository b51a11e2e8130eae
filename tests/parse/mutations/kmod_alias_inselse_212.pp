# mutant: kmod/manifests/alias.pp lines 9-26, inserted 'else' at 14:17
define kmod::alias(
  $source,
  $ensure     = 'present',
  $file       = "/etc/modprobe.d/${name}.conf",
  $aliasname  = $name,
) {

  include ::kmod

  kmod::setting { "kmod::alias ${title}":
    module   => $aliasname,
    file     => $file,
    category =>  else 'alias',
    option   => 'modulename',
    value    => $source,
  }

}
