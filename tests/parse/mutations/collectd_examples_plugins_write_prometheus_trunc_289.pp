# mutant: collectd/examples/plugins/write_prometheus.pp lines 1-5, truncated at 4:8
include collectd

class {