# For the bridge's failure tests: a function that kills the Ruby process
# or never returns.
Puppet::Functions.create_function(:'bridgetest::misbehave') do
  dispatch :misbehave do
    param "Enum['crash', 'hang']", :how
  end

  def misbehave(how)
    exit!(3) if how == 'crash'
    sleep
  end
end
