# @setting strict = off
notice(deprecation('k2', 'no strict', false))
notice(deprecation('k3', 'with strict'))
notice(to_json([1]))
