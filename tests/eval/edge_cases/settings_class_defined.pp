notice(defined('$settings::environment'))
notice(defined(Class['settings']))
include settings
notice('ok')
