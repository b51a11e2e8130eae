# Errors of every kind a function raises.
Puppet::Functions.create_function(:'bridgetest::errors') do
  dispatch :errors do
    param "Enum['argument', 'parse', 'runtime', 'nomethod', 'callback', 'type', 'rescued']", :kind
  end

  def errors(kind)
    case kind
    when 'argument' then raise ArgumentError, 'an argument error'
    when 'parse' then raise Puppet::ParseError, 'a parse error'
    when 'runtime' then raise 'a runtime error'
    when 'nomethod' then nil.frobnicate
    when 'callback' then call_function('fail', 'failed in Puppet code')
    when 'type' then call_function('bridgetest::double', -1)
    when 'rescued'
      begin
        call_function('fail', 'caught')
      rescue Puppet::Error => e
        "rescued: #{e.message}"
      end
    end
  end
end
