# mutant: collectd/examples/plugins/disk.pp lines 1-6, deleted ']' at 5:29
include collectd

class { 'collectd::plugin::disk':
  disks          => ['/^dm/',
  ignoreselected => true,
}
