#!/usr/bin/env ruby
# Writes the attribute tables of the resource types built into Puppet
# (Debian's puppet-agent, Puppet 7.23) as JSON: for each type, its
# namevars (key attributes), parameters, properties, whether it is
# isomorphic, and its title patterns' capture names. pjit embeds the
# output (ir/data/builtin_types.json); regenerate with
#   ruby tests/tools/dump-types.rb > ir/data/builtin_types.json
require 'puppet'
require 'json'
Puppet.initialize_settings
Puppet::Type.loadall
out = {}
names = []
Puppet::Type.eachtype { |t| names << t.name.to_s }
names.sort!
names.each do |n|
  t = Puppet::Type.type(n.to_sym)
  next if t.nil? || n == 'component'
  out[n] = {
    'namevars' => t.key_attributes.map(&:to_s),
    'parameters' => t.parameters.map(&:to_s),
    'properties' => t.validproperties.map(&:to_s),
    'isomorphic' => t.isomorphic?,
    'title_patterns' => t.title_patterns.map { |re, caps| [re.source, caps.map { |c| c[0].to_s }] },
  }
end
out['__metaparams__'] = Puppet::Type.metaparams.map(&:to_s)
puts JSON.pretty_generate(out)
