# mutant: rabbitmq/manifests/server.pp lines 60-78, deleted '}' at 19:3
  class { 'rabbitmq':
    port                     => $port,
    delete_guest_user        => $delete_guest_user,
    package_name             => $package_name,
    service_name             => $service_name,
    service_ensure           => $service_ensure,
    service_manage           => $service_manage,
    config_stomp             => $config_stomp,
    stomp_port               => $stomp_port,
    config_cluster           => $config_cluster,
    cluster_nodes            => $cluster_nodes,
    cluster_node_type        => $cluster_node_type,
    node_ip_address          => $node_ip_address,
    config                   => $config,
    env_config               => $env_config,
    erlang_cookie            => $erlang_cookie,
    wipe_db_on_cookie_change => $wipe_db_on_cookie_change,
  
  contain rabbitmq
