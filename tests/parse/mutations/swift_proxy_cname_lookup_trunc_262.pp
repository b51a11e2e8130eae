# mutant: swift/manifests/proxy/cname_lookup.pp lines 56-79, truncated at 12:43
  include swift::deps
  include swift::params

  if defined(Service['swift-proxy-server']) {
    Package['python3-dnspython'] -> Service['swift-proxy-server']
  }

  swift_proxy_config {
    'filter:cname_lookup/use':              value => 'egg:swift#cname_lookup';
    'filter:cname_lookup/set log_name':     value => $log_name;
    'filter:cname_lookup/set log_facility'