notice($trusted['authenticated'])
