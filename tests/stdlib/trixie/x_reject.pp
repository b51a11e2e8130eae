notice(reject(['aaa', 'bbb', 'ccc', 'aaaddd'], 'aaa'))
notice(reject(['a', 1], 'a'))
notice(reject({'a' => 1}, 'a'))
