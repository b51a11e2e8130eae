# A default reading a parameter to its right still fails as Puppet does.
class g (
  $a = "${::osfamily}",
  $b = "${c}-b",
  $c = 'c',
) {
  notice("${a} ${b} ${c}")
}
include g
