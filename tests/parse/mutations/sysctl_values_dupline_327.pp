# mutant: sysctl/manifests/values.pp lines 16-18, duplicated line 2
class sysctl::values($args, $defaults = {}) {
class sysctl::values($args, $defaults = {}) {
  create_resources(sysctl::value, $args, $defaults)
}
