notice(call(Deferred('sprintf', ['%s-%s', Sensitive('a'), [Deferred('downcase', ['B'])]])))
notice(Deferred('x') =~ Deferred, Deferred('x') =~ Object, 1 =~ Deferred, Deferred =~ Type[Object])
notice([Deferred('x')], {a => Deferred('y', [])})
