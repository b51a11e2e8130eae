# mutant: panko/manifests/expirer.pp lines 57-82, truncated at 19:13
  include panko::params
  include panko::deps

  if $enable_cron != undef {
    warning('The panko::expirer::enable_cron is deprecated and will be removed \
in a future release. Use panko::expirer::ensure instead')

    if $enable_cron {
      $ensure_real = 'present'
    } else {
      $ensure_real = 'absent'
    }
  } else {
    $ensure_real = $ensure
  }

  if $maxdelay == 0 {
    $sleep =