# A 3.x function: arguments converted as Puppet converts them, the calling
# scope as `self`, other functions through `function_x`.
module Puppet::Parser::Functions
  newfunction(:bridgetest_legacy, :type => :rvalue, :arity => -2, :doc => 'test') do |args|
    case args[0]
    when 'upper'
      args[1].upcase
    when 'args'
      args.inspect
    when 'var'
      [lookupvar(args[1]), self[args[1]], lookupvar('::top'), to_hash.key?('local_var')].inspect
    when 'set'
      setvar('from_ruby', args[1])
      'set'
    when 'call'
      function_bridgetest_other([args[1]]) + function_sprintf(['%s!', args[1]])
    when 'fail'
      function_fail(['failed through function_fail'])
    when 'notice'
      function_notice(["legacy notice #{args[1]}"])
      'noticed'
    when 'resource'
      r = findresource('Notify', args[1])
      r ? "found #{r.title} message=#{r[:message]}" : 'not found'
    when 'raise'
      raise Puppet::ParseError, "legacy failure: #{args[1]}"
    else
      'unknown'
    end
  end
end
