notice(Deferred({name => 'join', arguments => [[1], ',']}))
notice(Deferred.new('x', undef))
