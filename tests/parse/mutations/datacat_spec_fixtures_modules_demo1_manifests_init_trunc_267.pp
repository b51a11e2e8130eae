# mutant: datacat/spec/fixtures/modules/demo1/manifests/init.pp lines 1-18, truncated at 9:3
class demo1 {
  notify { 'demo1': }

  datacat { '/tmp/demo1':
    template => 'demo1/sheeps.erb',
  }

  