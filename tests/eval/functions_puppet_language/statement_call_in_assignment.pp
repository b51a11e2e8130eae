$x = notice 'a'
