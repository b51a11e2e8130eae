# A Prometheus server with scrape configurations and alert rules.
class { 'prometheus::server':
  version        => '2.54.1',
  scrape_configs => [
    { 'job_name' => 'prometheus', 'scrape_interval' => '15s', 'static_configs' => [{ 'targets' => ['localhost:9090'] }] },
    { 'job_name' => 'node', 'static_configs' => [{ 'targets' => ['web01:9100', 'web02:9100'], 'labels' => { 'env' => 'prod' } }] },
  ],
  alerts         => {
    'groups' => [{ 'name' => 'node', 'rules' => [{ 'alert' => 'Down', 'expr' => 'up == 0', 'for' => '5m' }] }],
  },
}
