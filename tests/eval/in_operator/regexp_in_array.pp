notice(/^b/ in ['abc', 'bcd'])
notice(/1/ in [1, 21])
