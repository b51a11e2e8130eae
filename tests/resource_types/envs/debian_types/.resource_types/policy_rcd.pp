# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

Puppet::Resource::ResourceType3.new(
  'policy_rcd',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    # Values can match `/\S+/`.
    Puppet::Resource::Param(Pattern[/\S+/], 'service'),

    Puppet::Resource::Param(Any, 'set_code')
  ],
  [
    # Values can match `/\S+/`.
    Puppet::Resource::Param(Pattern[/\S+/], 'name', true),

    # The specific backend to use for this `policy_rcd`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # policy_rcd
    # : Provider for managing policy-rc.d for Ubuntu
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
