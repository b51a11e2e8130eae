# Not isomorphic (as exec): two resources may have the same name.
Puppet::Type.newtype(:gt_command) do
  @doc = 'A command.'
  @isomorphic = false

  newparam(:command, namevar: true)
  newparam(:cwd)
end
