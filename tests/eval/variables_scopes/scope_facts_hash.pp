notice($facts['os']['family'], $os['family'])
