$r = /b(.)/ in ['abc', 'bxd']
notice($r)
notice($1)
