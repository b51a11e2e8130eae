# puppetlabs-apache 12.2 with its defaults.
class { 'apache': }
