# Takes a lambda of exactly one parameter.
Puppet::Functions.create_function(:'bridgetest::one_arg') do
  dispatch :one_arg do
    param 'Any', :value
    block_param 'Callable[1,1]', :block
  end

  def one_arg(value)
    yield(value)
  end
end
