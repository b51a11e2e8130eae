# mutant: swift/manifests/proxy/gatekeeper.pp lines 48-70, inserted 'default' at 15:28
class swift::proxy::gatekeeper(
  $shunt_inbound_x_timestamp   = $::os_service_default,
  $allow_reserved_names_header = $::os_service_default,
  $log_name                    = 'gatekeeper',
  $log_facility                = 'LOG_LOCAL2',
  $log_level                   = 'INFO',
  $log_headers                 = false,
  $log_address                 = '/dev/log'
) {

  include swift::deps

  swift_proxy_config {
    'filter:gatekeeper/use' default :                         value => 'egg:swift#gatekeeper';
    'filter:gatekeeper/shunt_inbound_x_timestamp':   value => $shunt_inbound_x_timestamp;
    'filter:gatekeeper/allow_reserved_names_header': value => $allow_reserved_names_header;
    'filter:gatekeeper/set log_name':                value => $log_name;
    'filter:gatekeeper/set log_facility':            value => $log_facility;
    'filter:gatekeeper/set log_level':               value => $log_level;
    'filter:gatekeeper/set log_headers':             value => $log_headers;
    'filter:gatekeeper/set log_address':             value => $log_address;
  }
}
