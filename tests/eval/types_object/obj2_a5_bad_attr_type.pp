type T = Object[{attributes => { a => 'notatype' }}]
notice(T(1))
