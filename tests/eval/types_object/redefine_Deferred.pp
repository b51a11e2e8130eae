type Deferred = Integer
notice(Deferred)
