notice(bridgetest_legacy('raise', 'boom'))
