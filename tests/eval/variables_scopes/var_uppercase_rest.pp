$aBC = 1
notice($aBC)
