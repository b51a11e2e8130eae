# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# Type for managing keystone users.
Puppet::Resource::ResourceType3.new(
  'keystone_user',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    # Valid values are `true`, `false`. Values can match `/(t|T)rue/`, `/(f|F)alse/`.
    Puppet::Resource::Param(Variant[Boolean, Enum['true', 'false'], Pattern[/(t|T)rue/, /(f|F)alse/]], 'enabled'),

    # Values can match `/\S+/`.
    Puppet::Resource::Param(Pattern[/\S+/], 'password'),

    # Values can match `/\S/`.
    Puppet::Resource::Param(Pattern[/\S/], 'description'),

    # Values can match `/^(\S+@\S+)|$/`.
    Puppet::Resource::Param(Pattern[/^(\S+@\S+)|$/], 'email'),

    Puppet::Resource::Param(Any, 'id')
  ],
  [
    # Values can match `/\S+/`.
    Puppet::Resource::Param(Pattern[/\S+/], 'name', true),

    # Valid values are `true`, `false`. Values can match `/(t|T)rue/`, `/(f|F)alse/`.
    Puppet::Resource::Param(Variant[Boolean, Enum['true', 'false'], Pattern[/(t|T)rue/, /(f|F)alse/]], 'replace_password'),

    Puppet::Resource::Param(Any, 'domain', true),

    # The specific backend to use for this `keystone_user`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # openstack
    # : Provider to manage keystone users.
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /^((?-mix:(?:[^:]|:[^:])+))::((?-mix:(?:[^:]|:[^:])+))$/ => ['name', 'domain'],
    /^((?-mix:(?:[^:]|:[^:])+))$/ => ['name']
  },
  true,
  false)
