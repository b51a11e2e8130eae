$h = {k => 'v'}
notice("${h['k'].upcase}")
