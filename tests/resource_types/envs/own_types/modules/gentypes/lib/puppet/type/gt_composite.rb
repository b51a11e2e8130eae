# Two namevars whose title patterns a helper method builds (as keystone's
# types do with PuppetX::Keystone::CompositeNamevar): only Ruby can tell
# them, and `puppet generate types` writes them down.
Puppet::Type.newtype(:gt_composite) do
  @doc = 'A type identified by a name and a domain.'

  def self.split_patterns(first, second, separator)
    part = %r{[^:]+}
    [
      [%r{^(#{part})#{separator}(#{part})$}, [[first], [second]]],
      [%r{^(#{part})$}, [[first]]],
    ]
  end

  def self.title_patterns
    split_patterns(:name, :domain, '::')
  end

  newparam(:name) do
    desc 'The name.'
    isnamevar
  end

  newparam(:domain) do
    desc 'The domain.'
    isnamevar
    defaultto 'Default'
  end

  newproperty(:description) do
    desc 'Free text.'
  end
end
