# A call no signature accepts: Puppet's dispatcher message.
notice(bridgetest::double(-1))
