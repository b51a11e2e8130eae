# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# This type can be used to manage
# keystone domains.
Puppet::Resource::ResourceType3.new(
  'keystone_domain',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    # Valid values are `true`, `false`. Values can match `/(t|T)rue/`, `/(f|F)alse/`.
    Puppet::Resource::Param(Variant[Boolean, Enum['true', 'false'], Pattern[/(t|T)rue/, /(f|F)alse/]], 'enabled'),

    Puppet::Resource::Param(Any, 'description'),

    # If this is true, this is the default domain used for v2.0 requests when the domain
    # is not specified, or used by v3 providers if no other domain is specified.  The id
    # of this domain will be written to the keystone config identity/default_domain_id
    # value.
    # 
    # Valid values are `true`, `false`. Values can match `/(t|T)rue/`, `/(f|F)alse/`.
    Puppet::Resource::Param(Variant[Boolean, Enum['true', 'false'], Pattern[/(t|T)rue/, /(f|F)alse/]], 'is_default'),

    Puppet::Resource::Param(Any, 'id')
  ],
  [
    # Values can match `/\w+/`.
    Puppet::Resource::Param(Pattern[/\w+/], 'name', true),

    # The specific backend to use for this `keystone_domain`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # openstack
    # : Provider that manages keystone domains
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
