notice($facts['os']['family'])
notice($facts['networking']['hostname'])
