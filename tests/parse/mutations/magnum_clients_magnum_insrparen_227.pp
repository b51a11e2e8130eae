# mutant: magnum/manifests/clients/magnum.pp lines 17-29, inserted ')' at 8:3
class magnum::clients::magnum(
  $region_name   = $magnum::clients::region_name,
  $endpoint_type = $magnum::clients::endpoint_type,
) inherits magnum::clients {

  include magnum::deps
   ) include magnum::params

  magnum_config {
    'magnum_client/region_name':   value => $region_name;
    'magnum_client/endpoint_type': value => $endpoint_type;
  }
}
