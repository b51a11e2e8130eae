# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# Type for managing identity provider.
Puppet::Resource::ResourceType3.new(
  'keystone_identity_provider',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    # Valid values are `true`, `false`. Values can match `/^(t|T)rue$/`, `/^(f|F)alse$/`.
    Puppet::Resource::Param(Variant[Boolean, Enum['true', 'false'], Pattern[/^(t|T)rue$/, /^(f|F)alse$/]], 'enabled'),

    # Description of the identity server.
    # 
    # Valid values are ``. Values can match `/\S+/`.
    Puppet::Resource::Param(Variant[Enum[''], Pattern[/\S+/]], 'description'),

    Puppet::Resource::Param(Any, 'remote_ids'),

    Puppet::Resource::Param(Any, 'remote_id_file'),

    Puppet::Resource::Param(Any, 'id')
  ],
  [
    # Values can match `/\S+/`.
    Puppet::Resource::Param(Pattern[/\S+/], 'name', true),

    # The specific backend to use for this `keystone_identity_provider`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # openstack
    # : Provider to manage keystone identity provider.
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
