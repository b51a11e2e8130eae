notify { 'MixedCase': }
notice(defined(Notify['MixedCase']))
