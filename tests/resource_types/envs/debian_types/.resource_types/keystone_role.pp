# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# This is currently used to model the creation of
# keystone roles.
Puppet::Resource::ResourceType3.new(
  'keystone_role',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    Puppet::Resource::Param(Any, 'id')
  ],
  [
    # Values can match `/\S+/`.
    Puppet::Resource::Param(Pattern[/\S+/], 'name', true),

    # The specific backend to use for this `keystone_role`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # openstack
    # : Provider for keystone roles.
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
