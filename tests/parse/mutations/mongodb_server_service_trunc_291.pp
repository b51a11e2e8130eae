# mutant: mongodb/manifests/server/service.pp lines 2-22, truncated at 3:8
class mongodb::server::service {
  $ensu