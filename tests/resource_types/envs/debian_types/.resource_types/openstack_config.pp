# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

Puppet::Resource::ResourceType3.new(
  'openstack_config',
  [

  ],
  [
    # The specific backend to use for this `openstack_config`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # ini_setting
    # : 
    # 
    # ruby
    # :
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
  },
  true,
  false)
