# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# Type for /etc/keystone/puppet.conf (DEPRECATED!!)
Puppet::Resource::ResourceType3.new(
  'keystone_puppet_config',
  [
    # The basic property that the resource should be in.
    # 
    # Valid values are `present`, `absent`.
    Puppet::Resource::Param(Enum['present', 'absent'], 'ensure'),

    # The value of the setting to be defined.
    # 
    # Values can match `/^[\S ]*$/`.
    Puppet::Resource::Param(Pattern[/^[\S ]*$/], 'value')
  ],
  [
    # Section/setting name to manage from keystone.conf
    # 
    # Values can match `/\S+\/\S+/`.
    Puppet::Resource::Param(Pattern[/\S+\/\S+/], 'name', true),

    # Whether to hide the value from Puppet logs. Defaults to `false`.
    # 
    # Valid values are `true`, `false`.
    Puppet::Resource::Param(Variant[Boolean, Enum['true', 'false']], 'secret'),

    # A value that is specified as the value property will behave as if ensure => absent was specified
    Puppet::Resource::Param(Any, 'ensure_absent_val'),

    # The specific backend to use for this `keystone_puppet_config`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # ini_setting
    # :
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
