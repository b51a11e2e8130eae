notice(Float({from => 'x'}))
