class mymod($from_env, $both, $only_module, $os_specific, $merged, $interp, $not_anywhere = 'default') {
  notice("${from_env} | ${both} | ${only_module} | ${os_specific} | ${merged} | ${interp} | ${not_anywhere}")
}
