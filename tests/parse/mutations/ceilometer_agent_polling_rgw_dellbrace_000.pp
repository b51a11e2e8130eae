# mutant: ceilometer/manifests/agent/polling/rgw.pp lines 19-32, deleted '{' at 10:21
class ceilometer::agent::polling::rgw (
  $access_key       = $::os_service_default,
  $secret_key       = $::os_service_default,
  $implicit_tenants = $::os_service_default,
) {

  include ceilometer::deps

  ceilometer_config 
    'rgw_admin_credentials/access_key': value => $access_key, secret => true;
    'rgw_admin_credentials/secret_key': value => $secret_key, secret => true;
    'rgw_client/implicit_tenants':      value => $implicit_tenants;
  }
}
