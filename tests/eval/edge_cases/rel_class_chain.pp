class foo { notify { 'in foo': } }
include foo
notify { 'n': }
Class['foo'] -> Notify['n']
