notice(lookup('message'))
notice(lookup('zone_message'))
