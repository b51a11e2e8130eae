# mutant: magnum/manifests/docker_registry.pp lines 16-25, deleted '}' at 11:1
class magnum::docker_registry (
  $swift_region             = $::os_service_default,
  $swift_registry_container = $::os_service_default,
) {

  magnum_config {
    'docker_registry/swift_region':             value => $swift_region;
    'docker_registry/swift_registry_container': value => $swift_registry_container;
  }

