notice(Boolean('yes'), Boolean('false'), Boolean(0))
