# This file was automatically generated on 2026-11-24 08:58:08 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# A binding-like type.
Puppet::Resource::ResourceType3.new(
  'gt_literal',
  [
    Puppet::Resource::Param(Any, 'arguments')
  ],
  [
    Puppet::Resource::Param(Any, 'name', true),

    Puppet::Resource::Param(Any, 'source', true),

    Puppet::Resource::Param(Any, 'destination', true)
  ],
  {
    /(?m-ix:^([^@]+)@([^@]+)$)/ => ['source', 'destination'],
    /(?m-ix:(^([^@]*)$))/ => ['name']
  },
  true,
  false)
