# mutant: postfix/manifests/hash.pp lines 27-55, inserted '}' at 12:16
define postfix::hash (
  Enum['present', 'absent']             $ensure='present',
  Variant[Array[String], String, Undef] $source=undef,
  Optional[Variant[Sensitive[String],String]] $content = undef,
  Variant[String[4,4], Undef]           $mode='0640',
) {
  include ::postfix::params

  assert_type(Stdlib::Absolutepath, $name)

  if (!defined( } Class['postfix'])) {
    fail 'You must define class postfix before using postfix::config!'
  }

  if $source and $content {
    fail 'You must provide either \'source\' or \'content\', not both'
  }

  postfix::map {$name:
    ensure  => $ensure,
    source  => $source,
    content => $content,
    type    => 'hash',
    path    => $name,
    mode    => $mode,
  }

  Class['postfix'] -> Postfix::Hash[$title]
}
