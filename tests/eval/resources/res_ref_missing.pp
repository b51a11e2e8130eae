notice(Notify['nope']['message'])
