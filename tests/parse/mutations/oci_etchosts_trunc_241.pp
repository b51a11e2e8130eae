# mutant: oci/manifests/etchosts.pp lines 10-29, truncated at 7:10
class oci::etchosts(
  $etc_hosts_file = undef,
){

  if $etc_hosts_file == undef {
    fail(