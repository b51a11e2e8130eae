# puppetlabs-apt 9.4 with its defaults.
class { 'apt': }
