# This file was automatically generated on 2026-11-24 08:58:08 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# A type identified by a name and a domain.
Puppet::Resource::ResourceType3.new(
  'gt_composite',
  [
    # Free text.
    Puppet::Resource::Param(Any, 'description')
  ],
  [
    # The name.
    Puppet::Resource::Param(Any, 'name', true),

    # The domain.
    Puppet::Resource::Param(Any, 'domain', true)
  ],
  {
    /^((?-mix:[^:]+))::((?-mix:[^:]+))$/ => ['name', 'domain'],
    /^((?-mix:[^:]+))$/ => ['name']
  },
  true,
  false)
