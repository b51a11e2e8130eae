# mutant: neutron/manifests/plugins/ml2/ovs_driver.pp lines 22-35, deleted '{' at 7:24
class neutron::plugins::ml2::ovs_driver (
  $vnic_type_prohibit_list = [],
){
  validate_legacy(Array, 'validate_array', $vnic_type_prohibit_list)
  if !empty($vnic_type_prohibit_list) {
    neutron_plugin_ml2 
      'ovs_driver/vnic_type_prohibit_list': value => join(any2array($vnic_type_prohibit_list), ',');
    }
  } else {
    neutron_plugin_ml2 {
      'ovs_driver/vnic_type_prohibit_list': value => $::os_service_default;
    }
  }
}
