# 4.x functions: dispatch by signature, with Puppet's type checks.
notice(bridgetest::double(21))
notice(bridgetest::double('ab'))
notice(bridgetest::double('ab', 3))
notice([1, 2, 3].map |$x| { bridgetest::double($x) })
