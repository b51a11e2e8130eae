# This file was automatically generated on 2026-11-24 08:58:08 +0000.
# Use the 'puppet generate types' command to regenerate this file.

# A command.
Puppet::Resource::ResourceType3.new(
  'gt_command',
  [

  ],
  [
    Puppet::Resource::Param(Any, 'command', true),

    Puppet::Resource::Param(Any, 'cwd')
  ],
  {
    /(?m-ix:(.*))/ => ['command']
  },
  false,
  false)
