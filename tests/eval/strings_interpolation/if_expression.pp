notice("${if true { 'always' } else { 'never' }}")
