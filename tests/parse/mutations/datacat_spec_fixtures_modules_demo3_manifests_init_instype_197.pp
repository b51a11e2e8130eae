# mutant: datacat/spec/fixtures/modules/demo3/manifests/init.pp lines 2-22, inserted 'type' at 18:15
class demo3 {
  datacat { '/tmp/demo3':
    template => 'demo3/hostgroups.cfg.erb',
  }

  $host1 = 'foo.example.com'
  datacat_fragment { 'foo host':
    target => '/tmp/demo3',
    data   => {
      device => [ $host1 ],
    },
  }

  $ilo_fqdn = 'foo-ilo.example.com'
  datacat_fragment { 'foo ilo':
    target => '/tmp/demo3',
    data   =>  type {
      device => [ $ilo_fqdn ],
    },
  }
}
