gt_simple { 'one':
  ensure   => present,
  value    => 42,
  path     => '/srv/one',
  provider => ruby,
}
gt_simple { 'two':
  name  => 'renamed',
  value => ['a', 'b'],
}
gt_composite { 'alice::people': description => 'both namevars from the title' }
gt_composite { 'bob': description => 'name only' }
gt_composite { 'carol-title':
  name   => 'carol',
  domain => 'staff',
}
gt_literal { 'exchange@queue': arguments => { 'x' => 1 } }
gt_literal { 'plain': }
gt_command { 'first': command => '/bin/true' }
gt_command { 'second': command => '/bin/true' }
include gentypes
Gt_simple['one'] -> Gt_composite['bob']
notice(defined(Gt_composite), defined(Gt_literal['plain']))
