# mutant: collectd/examples/plugins/df.pp lines 1-7, inserted 'attr' at 6:69
include collectd

class { 'collectd::plugin::df':
  mountpoints    => ['/u'],
  fstypes        => ['nfs', 'tmpfs','autofs','gpfs','proc','devpts'] attr ,
  ignoreselected => true,
}
