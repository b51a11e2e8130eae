include ntp
notice(lookup('ntp::restrict'))
notice(lookup('ntp::service_name'))
