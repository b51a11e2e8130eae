notice(Error[{bogus => 1}])
