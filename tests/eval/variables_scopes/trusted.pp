notice($trusted['authenticated'])
notice("[${trusted['certname']}]")
notice($trusted['extensions'])
