# Puppet's lexer compiles each regexp (Ruby's Regexp.new): an invalid one
# fails at parse time with Ruby's message and no position.
$x = 'a' =~ /[0-9a-f{8}-[0-9]/
