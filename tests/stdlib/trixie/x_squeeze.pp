notice(squeeze('aaabbbccc'))
notice(squeeze('aaabbbccc', 'a-b'))
notice(squeeze(['aa', 'bbb  cc'], 'b'))
notice(squeeze('mississippi', '^s'))
