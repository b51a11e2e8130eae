# 3.x functions: converted arguments, scope methods, function_x calls.
$top = 'top'
class legacy {
  $local_var = 'local'
  notice(bridgetest_legacy('args', undef, [undef], 1, true, { 'a' => undef }))
  notice(bridgetest_legacy('var', 'local_var'))
  notice(bridgetest_legacy('set', 'value'))
  notice($from_ruby)
  notice(bridgetest_legacy('call', 'x'))
  notice(bridgetest_legacy('notice', 'y'))
}
include legacy
