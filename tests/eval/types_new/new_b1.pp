notice(Binary({value => 'aGVsbG8=', format => '%B'}))
notice(Binary({value => 'hello', format => '%s'}))
notice(Binary({value => [104, 105]}))
notice(Binary({value => 'aGVsbG8'}))
