file { 'a': ensure 'file' }
