$services = ['web', 'db']
notice(lookup('svc_name'))
notice(lookup('ports', Array, 'unique'))
notice(lookup('glob_key'))
notice(lookup('only_second'))
notice(lookup('extra'))
notice(lookup('deep'))
notice(lookup('deep_list', Data, 'unique'))
