#!/usr/bin/env ruby
# Writes the table of Puppet's settings, as the installed Puppet (7.23)
# defines them, to puppet-settings.json beside this script: one JSON
# document per line, in Puppet's order, with
#
#   name     the setting
#   type     how Puppet munges its values (Puppet::Settings::SETTING_TYPES)
#   default  its default before interpolation (`$confdir/...`): the run
#            mode's application default, else the setting's own; a default
#            Puppet computes with code is given as computed here
#   computed true when it is such a computed default
#   alias    for an alias setting, the setting it stands for
#   value    what a compile sees as `$settings::<name>` (all but `name`,
#            which Scope#merge_settings leaves out)
#            (Scope#transform_setting of Puppet.settings.value(name, env))
#            with Puppet's defaults, running as `puppet` runs here: root,
#            the `user` run mode, environment `production`
#
# With arguments (Puppet's command-line settings, e.g. `--confdir /x`), only
# `{"name": ..., "value": ...}` lines are written, to stdout: the values
# under those settings (a test compares pjit's with them).
#
# Regenerate (needs Puppet 7.23):
#   ruby settings/data/dump-settings.rb
#   D=/tmp/pjit-settings-oracle; ruby settings/data/dump-settings.rb \
#     --confdir $D/conf --vardir $D/var --codedir $D/code --logdir $D/log \
#     --rundir $D/run --certname testnode.example.com --environment production \
#     > settings/tests/data/oracle-values.json; rm -rf $D
require 'puppet'
require 'json'

args = ARGV.dup
Puppet.initialize_settings(args)
settings = Puppet.settings
kinds = Puppet::Settings::SETTING_TYPES.invert
app_defaults = Puppet::Settings.app_defaults_for_run_mode(Puppet.run_mode)

# Scope#transform_setting (puppet/parser/scope.rb): what a compile makes of
# a setting's Ruby value.
def transform(val)
  if val.is_a?(Float) && val.infinite?
    # JSON has no infinity: `unlimited` time to live.
    { 'float' => val.positive? ? 'Infinity' : '-Infinity' }
  elsif val.is_a?(String) || val.is_a?(Numeric) || val == true || val == false || val.nil?
    val
  elsif val.is_a?(Array)
    val.map { |e| transform(e) }
  elsif val.is_a?(Hash)
    val.to_h { |k, v| [transform(k), transform(v)] }
  else
    val == :undef ? nil : val.to_s
  end
end

lines = []
settings.each do |name, setting|
  # `name` is the program (a Ruby object here), which Scope#merge_settings
  # leaves out of `$settings`.
  value = name == :name ? nil : transform(settings.value_sym(name, :production))
  if args.empty?
    raw = setting.instance_variable_get(:@default)
    doc = { 'name' => name.to_s, 'type' => kinds.fetch(setting.class).to_s }
    # The run mode's application defaults (`confdir`, `publicdir`, ...)
    # stand for the setting's own.
    doc['default'] = name == :name ? nil : transform(app_defaults.fetch(name) { setting.default })
    doc['computed'] = true if raw.is_a?(Proc)
    doc['alias'] = setting.alias_name.to_s if setting.respond_to?(:alias_name)
    doc['value'] = value
  else
    doc = { 'name' => name.to_s, 'value' => value }
  end
  lines << JSON.generate(doc)
end

if args.empty?
  File.write(File.join(__dir__, 'puppet-settings.json'), lines.join("\n") + "\n")
else
  puts lines
end
