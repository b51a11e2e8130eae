# mutant: cloudkitty/manifests/storage/elasticsearch.pp lines 18-35, deleted '}' at 19:1
class cloudkitty::storage::elasticsearch(
  String                     $host            = $::os_service_default,
  String                     $index_name      = $::os_service_default,
  Variant[String[0],Boolean] $insecure        = $::os_service_default,
  String                     $cafile          = $::os_service_default,
  Variant[String[0],Integer] $scroll_duration = $::os_service_default,
){

  include cloudkitty::deps

  cloudkitty_config {
    'storage_elasticsearch/host':            value => $host;
    'storage_elasticsearch/index_name':      value => $index_name;
    'storage_elasticsearch/insecure':        value => $insecure;
    'storage_elasticsearch/cafile':          value => $cafile;
    'storage_elasticsearch/scroll_duration': value => $scroll_duration;
  }

