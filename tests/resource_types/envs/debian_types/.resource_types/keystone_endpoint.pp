# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# Type for managing keystone endpoints.
Puppet::Resource::ResourceType3.new(
  'keystone_endpoint',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    Puppet::Resource::Param(Any, 'id'),

    Puppet::Resource::Param(Any, 'public_url'),

    Puppet::Resource::Param(Any, 'internal_url'),

    Puppet::Resource::Param(Any, 'admin_url')
  ],
  [
    Puppet::Resource::Param(Any, 'name', true),

    Puppet::Resource::Param(Any, 'region', true),

    Puppet::Resource::Param(Any, 'type', true),

    # The specific backend to use for this `keystone_endpoint`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # openstack
    # : Provider to manage keystone endpoints.
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /^((?-mix:[^\/]+))\/((?-mix:(?:[^:]|:[^:])+))::((?-mix:.+))$/ => ['region', 'name', 'type'],
    /^((?-mix:[^\/]+))\/((?-mix:(?:[^:]|:[^:])+))$/ => ['region', 'name'],
    /^((?-mix:(?:[^:]|:[^:])+))::((?-mix:.+))$/ => ['name', 'type'],
    /^((?-mix:(?:[^:]|:[^:])+))$/ => ['name']
  },
  true,
  false)
