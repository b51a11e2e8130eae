# What Ruby sees: the class of each argument and its text.
Puppet::Functions.create_function(:'bridgetest::describe') do
  dispatch :describe do
    repeated_param 'Any', :args
  end

  def describe(*args)
    args.map do |a|
      case a
      when nil, true, false, Integer, Float, String, Symbol, Array, Hash, Regexp
        "#{a.class} #{a.inspect}"
      when Puppet::Pops::Types::PAnyType
        "Type #{a}"
      when Puppet::Pops::Types::PuppetObject
        "#{a._pcore_type.name} #{a._pcore_init_hash.inspect}"
      else
        "#{a.class.name.sub(/\APuppet::Pops::(Types::|Time::)?/, '')} #{a}"
      end
    end
  end
end
