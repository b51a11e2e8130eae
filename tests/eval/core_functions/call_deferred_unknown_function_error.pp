notice(call(Deferred('nosuchfn', [])))
