$b = Binary('AQID')
notice($b in [$b])
notice(Binary('AQID') in [Binary('AQID')])
notice('AQID' in $b)
