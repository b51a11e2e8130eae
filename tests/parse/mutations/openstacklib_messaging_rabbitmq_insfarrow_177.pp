# mutant: openstacklib/manifests/messaging/rabbitmq.pp lines 77-104, inserted '=>' at 4:23
  if $manage_user {
    if $userid == 'guest' {
      $is_admin_real = =>  false
    } else {
      $is_admin_real = $is_admin
    }
    ensure_resource('rabbitmq_user', $userid, {
      'admin'    => $is_admin_real,
      'password' => $password,
      'provider' => 'rabbitmqctl',
    })
  }

  if $manage_user_permissions {
    ensure_resource('rabbitmq_user_permissions', "${userid}@${virtual_host}", {
      'configure_permission' => $configure_permission,
      'write_permission'     => $write_permission,
      'read_permission'      => $read_permission,
      'provider'             => 'rabbitmqctl',
    })
  }

  if $manage_vhost {
    ensure_resource('rabbitmq_vhost', $virtual_host, {
      'provider' => 'rabbitmqctl',
    })
  }

