notice(squeeze([1]))
