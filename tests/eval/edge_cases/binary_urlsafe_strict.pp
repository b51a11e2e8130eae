notice(Binary('_-8=', '%B'))
