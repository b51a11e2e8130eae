notice(bridgetest::double())
