bridgetest_thing { 'gamma': weight => 3 }
