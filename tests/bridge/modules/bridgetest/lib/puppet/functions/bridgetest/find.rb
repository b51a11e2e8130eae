# Reads the catalog under construction.
Puppet::Functions.create_function(:'bridgetest::find') do
  dispatch :find do
    param 'String', :type
    param 'String', :title
  end

  def find(type, title)
    r = closure_scope.catalog.resource(type, title)
    r.nil? ? 'absent' : r.to_hash.map { |k, v| "#{k}=#{v}" }.sort
  end
end
