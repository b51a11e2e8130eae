# More than the creation of the type.
notice('loading')
Puppet::Resource::ResourceType3.new('gt_extra', [], [Puppet::Resource::Param(Any, 'name', true)])
