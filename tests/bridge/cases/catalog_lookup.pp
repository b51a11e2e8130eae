notify { 'first': message => 'hello' }
notice(bridgetest::find('Notify', 'first'))
notice(bridgetest::find('Notify', 'second'))
notice(bridgetest_legacy('resource', 'first'))
