[$only] = [42]
notice($only)
