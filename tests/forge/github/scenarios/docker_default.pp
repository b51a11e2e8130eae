# puppetlabs-docker 10.4 (not in Debian): the engine with its defaults.
class { 'docker': }
