notice(Binary.new({value => 'aGk=', format => '%B'}))
notice(Binary.new({value => [104, 105]}))
notice(Binary.new({value => 'hi', format => '%s'}))
notice(Binary.new({value => 'aGk_', format => '%u'}))
