notice(lookup('app.ports.x'))
