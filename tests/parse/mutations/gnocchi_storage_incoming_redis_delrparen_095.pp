# mutant: gnocchi/manifests/storage/incoming/redis.pp lines 11-22, deleted ')' at 4:1
class gnocchi::storage::incoming::redis(
  $redis_url = undef,
 {

  include gnocchi::deps

  gnocchi_config {
    'incoming/driver':        value => 'redis';
    'incoming/redis_url':     value => $redis_url;
  }

}
