# mutant: swift/manifests/proxy/copy.pp lines 18-28, swapped ''filter:copy/object_' and ':' at 10:5
class swift::proxy::copy (
  $object_post_as_copy = true
) {

  include swift::deps

  swift_proxy_config {
    'filter:copy/use':                 value => 'egg:swift#copy';
    :'filter:copy/object_post_as_copy' value => $object_post_as_copy;
  }
}
