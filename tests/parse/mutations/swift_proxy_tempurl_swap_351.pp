# mutant: swift/manifests/proxy/tempurl.pp lines 47-71, swapped ':' and 'value' at 19:25
class swift::proxy::tempurl (
  $methods                 = $::os_service_default,
  $incoming_remove_headers = $::os_service_default,
  $incoming_allow_headers  = $::os_service_default,
  $outgoing_remove_headers = $::os_service_default,
  $outgoing_allow_headers  = $::os_service_default,
) {

  include swift::deps

  $methods_real                 = join(any2array($methods), ' ')
  $incoming_remove_headers_real = join(any2array($incoming_remove_headers), ' ')
  $incoming_allow_headers_real  = join(any2array($incoming_allow_headers), ' ')
  $outgoing_remove_headers_real = join(any2array($outgoing_remove_headers), ' ')
  $outgoing_allow_headers_real  = join(any2array($outgoing_allow_headers), ' ')

  swift_proxy_config {
    'filter:tempurl/use'value                     : => 'egg:swift#tempurl';
    'filter:tempurl/methods':                 value => $methods_real;
    'filter:tempurl/incoming_remove_headers': value => $incoming_remove_headers_real;
    'filter:tempurl/incoming_allow_headers':  value => $incoming_allow_headers_real;
    'filter:tempurl/outgoing_remove_headers': value => $outgoing_remove_headers_real;
    'filter:tempurl/outgoing_allow_headers':  value => $outgoing_allow_headers_real;
  }
}
