notice(bridgetest_legacy('fail'))
