# mutant: cinder/manifests/key_manager.pp lines 11-20, deleted '{' at 4:3
class cinder::key_manager (
  $backend = $::os_service_default,
) 

  include cinder::deps

  oslo::key_manager { 'cinder_config':
    backend => $backend,
  }
}
