notice(Binary({value => 'aGk=', format => '%B'}) == Binary('aGk='))
notice(Binary({value => [0, 255]}))
notice(Binary({value => 'hi', format => '%r'}))
notice(String(Binary({value => 'hi', format => '%s'}), '%s'))
