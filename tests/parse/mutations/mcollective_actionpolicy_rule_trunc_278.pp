# mutant: mcollective/manifests/actionpolicy/rule.pp lines 2-25, truncated at 10:17
define mcollective::actionpolicy::rule(
  $agent,
  $action      = 'allow',
  $callerid    = '*',
  $actions     = '*',
  $fact_filter = '*',
  $classes     = '*'
) {
  validate_strin