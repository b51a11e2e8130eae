# Rich values made in Ruby.
Puppet::Functions.create_function(:'bridgetest::rich') do
  dispatch :rich do
  end

  def rich
    {
      'sensitive' => Puppet::Pops::Types::PSensitiveType::Sensitive.new('s3cret'),
      'timestamp' => Puppet::Pops::Time::Timestamp.parse('2021-03-04T05:06:07.890Z'),
      'timespan' => Puppet::Pops::Time::Timespan.from_fields(false, 1, 2, 3, 4, 500),
      'binary' => Puppet::Pops::Types::PBinaryType::Binary.from_binary_string("\x00\xffab".b),
      'semver' => SemanticPuppet::Version.parse('1.2.3-rc.1'),
      'range' => SemanticPuppet::VersionRange.parse('>=1.0.0 <2.0.0'),
      'regexp' => /^a+b?$/,
      'type' => Puppet::Pops::Types::TypeParser.singleton.parse('Hash[String, Optional[Integer[0, 9]]]'),
      'default' => :default,
      'undef' => nil,
      'empty' => '',
      'deferred' => Puppet::Pops::Types::TypeFactory.deferred.create('join', [['a', 'b'], '-']),
      1 => 'integer key',
    }
  end
end
