# A generated type whose file names another type.
Puppet::Resource::ResourceType3.new(
  'gt_other',
  [Puppet::Resource::Param(Any, 'value')],
  [Puppet::Resource::Param(Any, 'name', true)]
)
