# A plain module type: ensurable, one namevar, a property, a parameter, and
# a provider (which gives it the `provider` parameter).
Puppet::Type.newtype(:gt_simple) do
  @doc = 'A simple type.'

  ensurable

  newparam(:name, namevar: true) do
    desc 'The name.'
  end

  newproperty(:value) do
    desc 'The value.'
  end

  newparam(:path) do
    desc 'Where it lives.'
  end
end
