Puppet::Type.type(:gt_simple).provide(:ruby) do
  desc 'The only provider.'
end
