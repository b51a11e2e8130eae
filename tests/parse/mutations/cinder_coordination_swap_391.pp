# mutant: cinder/manifests/coordination.pp lines 11-20, swapped '{' and 'include' at 4:3
class cinder::coordination (
  $backend_url = $::os_service_default,
) include

  { cinder::deps

  oslo::coordination{ 'cinder_config':
    backend_url => $backend_url
  }
}
