module Puppet::Parser::Functions
  newfunction(:bridgetest_other, :type => :rvalue, :arity => 1) do |args|
    "other(#{args[0]})"
  end
end
