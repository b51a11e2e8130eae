# Calls the lambda it is given once per element (a block parameter).
Puppet::Functions.create_function(:'bridgetest::each_value') do
  dispatch :each_value do
    param 'Array', :values
    block_param
  end

  def each_value(values, &block)
    out = []
    values.each_with_index do |v, i|
      out << (block.arity == 1 ? yield(v) : yield(v, i))
    end
    out
  end
end
