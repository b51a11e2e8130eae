# mutant: ironic/manifests/inspector/pxe_filter/dnsmasq.pp lines 33-51, deleted ')' at 11:86
class ironic::inspector::pxe_filter::dnsmasq (
  $dnsmasq_start_command = $::os_service_default,
  $dnsmasq_stop_command  = $::os_service_default,
  $purge_dhcp_hostsdir   = $::os_service_default,
) {

  include ironic::deps
  include ironic::inspector

  $hostsdir = pick($::ironic::inspector::dnsmasq_dhcp_hostsdir, $::os_service_default

  ironic_inspector_config {
    'dnsmasq_pxe_filter/dhcp_hostsdir':         value => $hostsdir;
    'dnsmasq_pxe_filter/dnsmasq_start_command': value => $dnsmasq_start_command;
    'dnsmasq_pxe_filter/dnsmasq_stop_command':  value => $dnsmasq_stop_command;
    'dnsmasq_pxe_filter/purge_dhcp_hostsdir':   value => $purge_dhcp_hostsdir;
  }

}
