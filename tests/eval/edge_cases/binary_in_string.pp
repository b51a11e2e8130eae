notice(Binary('YWJj') in ['abc'])
notice('abc' in [Binary('YWJj')])
notice(Binary('YWJj') == Binary('YWJj'))
notice(Binary('YWJj') in { Binary('YWJj') => 1 })
