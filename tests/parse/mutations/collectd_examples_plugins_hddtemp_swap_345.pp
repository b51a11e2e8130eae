# mutant: collectd/examples/plugins/hddtemp.pp lines 1-6, swapped 'include' and 'collectd' at 2:1
collectd include

class { 'collectd::plugin::hddtemp':
  host => '127.0.0.1',
  port => 7634,
}
