notice(bridgetest_other('a', 'b'))
