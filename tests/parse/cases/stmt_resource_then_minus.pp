notify {'a':} -1
