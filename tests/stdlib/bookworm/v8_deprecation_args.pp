notice(deprecation('k', 'msg', false))
