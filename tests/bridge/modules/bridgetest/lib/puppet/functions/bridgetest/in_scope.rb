# Reads variables through the closure scope (the top scope).
Puppet::Functions.create_function(:'bridgetest::in_scope') do
  dispatch :in_scope do
    param 'String', :name
  end

  def in_scope(name)
    [closure_scope[name], closure_scope['top'], closure_scope['::top'], closure_scope.lookupvar('bridgetest::params::port'),
     closure_scope['facts']['os']['family'], closure_scope.include?('top'), closure_scope.include?('nonesuch')]
  end
end
