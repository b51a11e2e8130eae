# This file was automatically generated on 2026-11-24 08:58:07 +0000.
# Use the 'puppet generate types' command to regenerate this file.

Puppet::Resource::ResourceType3.new(
  'alternatives',
  [
    # The path of the desired source for the given alternative
    Puppet::Resource::Param(Any, 'path'),

    # Use the automatic option for this alternative
    # 
    # Valid values are `auto`, `manual`. 
    # 
    # Requires features mode.
    Puppet::Resource::Param(Enum['auto', 'manual'], 'mode')
  ],
  [
    # The name of the alternative.
    Puppet::Resource::Param(Any, 'name'),

    # The specific backend to use for this `alternatives`
    # resource. You will seldom need to specify this --- Puppet will usually
    # discover the appropriate provider for your platform.Available providers are:
    # 
    # dpkg
    # : * Required binaries: `update-alternatives`.
    #   * Default for `operatingsystem` == `debian, ubuntu`.
    #   * Supported features: `mode`.
    # 
    # rpm
    # : * Required binaries: `alternatives`.
    #   * Default for `osfamily` == `redhat`.
    #   * Supported features: `mode`.
    Puppet::Resource::Param(Any, 'provider')
  ],
  {
    /(?m-ix:(.*))/ => ['name']
  },
  true,
  false)
