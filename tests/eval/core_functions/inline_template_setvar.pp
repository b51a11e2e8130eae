class shared {
  $r = inline_template("<% scope.setvar('made', {'a' => [1, 2]}) -%><% scope.lookupvar('made')['b'] = 'c' -%>")
  notice($made)
  $s = inline_template("<%= scope['made'].keys.join(',') %>")
  notice($s)
}
include shared
notice($shared::made)
