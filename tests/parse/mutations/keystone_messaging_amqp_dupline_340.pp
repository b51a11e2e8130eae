# mutant: keystone/manifests/messaging/amqp.pp lines 35-57, duplicated line 20
class keystone::messaging::amqp(
  $amqp_pre_settled                     = $::os_service_default,
  $amqp_idle_timeout                    = $::os_service_default,
  $amqp_ssl_ca_file                     = $::os_service_default,
  $amqp_ssl_cert_file                   = $::os_service_default,
  $amqp_ssl_key_file                    = $::os_service_default,
  $amqp_ssl_key_password                = $::os_service_default,
  $amqp_sasl_mechanisms                 = $::os_service_default,
) {

  include keystone::deps

  oslo::messaging::amqp { 'keystone_config':
    pre_settled      => $amqp_pre_settled,
    idle_timeout     => $amqp_idle_timeout,
    ssl_ca_file      => $amqp_ssl_ca_file,
    ssl_cert_file    => $amqp_ssl_cert_file,
    ssl_key_file     => $amqp_ssl_key_file,
    ssl_key_password => $amqp_ssl_key_password,
    ssl_key_password => $amqp_ssl_key_password,
    sasl_mechanisms  => $amqp_sasl_mechanisms,
  }

}
