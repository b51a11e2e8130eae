notice([1, 'a'] == [1, 'A'])
notice([1, 2] == [2, 1])
notice([1] == [1, 1])
