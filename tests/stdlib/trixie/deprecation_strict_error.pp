# @setting strict = error
notice(deprecation('k2', 'no strict', false))
notice(to_json([1]))
notice(deprecation('k3', 'with strict'))
