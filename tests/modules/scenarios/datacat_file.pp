# datacat collects fragments into a file rendered by a template
# (template_body reads the template text).
datacat { '/etc/inventory.conf':
  template => 'rsync/header.erb',
}
datacat_fragment { 'web hosts':
  target => '/etc/inventory.conf',
  data   => { 'hostgroups' => { 'web' => ['web1', 'web2'] } },
}
