$args = [',']
notice([1, 2, 3].join(*$args))
