# mutant: sssd/manifests/service.pp lines 7-23, truncated at 3:6
class sssd::service {
  if 