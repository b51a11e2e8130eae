$s = 'puppet'
notice($s[0])
notice($s[-1])
notice($s[1, 3])
