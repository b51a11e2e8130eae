notice(lookup('app..x'))
