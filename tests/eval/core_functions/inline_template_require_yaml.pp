# `require 'yaml'` in a template (Puppet has loaded YAML: false) and
# `to_yaml` of the data it then dumps, as current modules' templates do
# (voxpupuli prometheus's prometheus.yaml.erb).
$config = {
  'global'  => { 'scrape_interval' => '15s', 'external_labels' => { 'site' => 'dc1' } },
  'targets' => ['a.example.com:9100', 'b.example.com:9100'],
  'enabled' => true,
  'port'    => 9090,
  'empty'   => [],
  'nothing' => undef,
}
notice(inline_template("<%= require 'yaml' %>|<%= require 'psych' %>"))
notice(inline_template("<% require 'yaml' -%>\n<%= @config.to_yaml %>"))
notice(inline_template("<% require 'yaml' -%><%= {'scrape_configs' => @config['targets'].map { |t| {'job' => t} } }.to_yaml.lines.drop(1).join %>"))
