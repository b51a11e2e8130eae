# Returns its argument unchanged: values cross the bridge both ways.
Puppet::Functions.create_function(:'bridgetest::echo') do
  dispatch :echo do
    param 'Any', :x
  end

  def echo(x)
    x
  end
end
