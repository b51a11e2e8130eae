notice(regsubst(['ab', 'cb'], /b$/, 'X'))
notice(regsubst('a-b', /(\w)-(\w)/, '\2-\1'))
