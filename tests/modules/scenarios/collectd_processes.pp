# collectd's processes plugin: collectd_convert_processes turns the old
# list form into resources.
class { 'collectd': purge => true, recurse => true, purge_config => true }
class { 'collectd::plugin::processes':
  processes       => ['sshd', { 'name' => 'nginx' }],
  process_matches => [{ 'name' => 'java-apps', 'regex' => 'java .*-jar' }],
}
class { 'collectd::plugin::memory': }
