$var = 'MiXed'
notice("${var.upcase.downcase}")
