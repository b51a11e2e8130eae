# A plain 4.x function with two signatures.
Puppet::Functions.create_function(:'bridgetest::double') do
  dispatch :double_int do
    param 'Integer[0]', :x
  end
  dispatch :double_str do
    param 'String[1]', :s
    optional_param 'Integer', :times
  end

  def double_int(x)
    x * 2
  end

  def double_str(s, times = 2)
    s * times
  end
end
