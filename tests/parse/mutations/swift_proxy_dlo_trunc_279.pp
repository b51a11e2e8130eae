# mutant: swift/manifests/proxy/dlo.pp lines 32-46, truncated at 3:28
class swift::proxy::dlo (
  $rate_limit_after_segment