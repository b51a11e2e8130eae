# This file was automatically generated on 2026-11-24 08:58:08 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# A simple type.
Puppet::Resource::ResourceType3.new(
  'gt_simple',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    # The value.
    Puppet::Resource::Param(Any, 'value')
  ],
  [
    # The name.
    Puppet::Resource::Param(Any, 'name', true),

    # Where it lives.
    Puppet::Resource::Param(Any, 'path'),

    # The specific backend to use for this `gt_simple`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # ruby
    # : The only provider.
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
