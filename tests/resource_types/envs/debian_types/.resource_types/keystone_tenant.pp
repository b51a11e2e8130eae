# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# This type can be used to manage keystone tenants.
Puppet::Resource::ResourceType3.new(
  'keystone_tenant',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    # Whether the tenant should be enabled. Defaults to true.
    # 
    # Valid values are `true`, `false`. Values can match `/(t|T)rue/`, `/(f|F)alse/`.
    Puppet::Resource::Param(Variant[Boolean, Enum['true', 'false'], Pattern[/(t|T)rue/, /(f|F)alse/]], 'enabled'),

    # A description of the tenant.
    Puppet::Resource::Param(Any, 'description'),

    # Read-only property of the tenant.
    Puppet::Resource::Param(Any, 'id')
  ],
  [
    # The name of the tenant.
    # 
    # Values can match `/\w+/`.
    Puppet::Resource::Param(Pattern[/\w+/], 'name', true),

    # Domain for tenant.
    Puppet::Resource::Param(Any, 'domain', true),

    # The specific backend to use for this `keystone_tenant`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # openstack
    # : Provider to manage keystone tenants/projects.
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /^((?-mix:(?:[^:]|:[^:])+))::((?-mix:(?:[^:]|:[^:])+))$/ => ['name', 'domain'],
    /^((?-mix:(?:[^:]|:[^:])+))$/ => ['name']
  },
  true,
  false)
