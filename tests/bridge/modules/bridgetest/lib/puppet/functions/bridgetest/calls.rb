# Calls other functions by name: core, Puppet-language, other Ruby ones,
# and one with a lambda of its own.
Puppet::Functions.create_function(:'bridgetest::calls') do
  dispatch :calls do
    param 'String', :s
  end

  def calls(s)
    [
      call_function('upcase', s),
      call_function('bridgetest::greet', s),
      call_function('bridgetest::double', 21),
      call_function('bridgetest_legacy', 'upper', s),
      call_function('sprintf', '%05.1f', 3.14159),
    ]
  end
end
