notice(deprecation('k1', 'first'))
notice(deprecation('k1', 'again'))
notice(deprecation('k2', 'no strict', false))
notice(deprecation('k3', 'with strict', true))
