$a = [/^x/, /^y(.)/]
notice('yz' ? { *$a => "m ${1}", default => 'no' })
