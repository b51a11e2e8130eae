notice(parsepson('{"a": [1, 2.5, null, true]}'))
notice(parsepson('not json', 'dflt'))
