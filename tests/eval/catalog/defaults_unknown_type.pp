Nosuch { a => 1 }
