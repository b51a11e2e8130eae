# puppet-redis 11 with its defaults: it needs systemd::manage_dropin, which
# Debian 13's camptocamp-systemd 2.12 does not have (Puppet's error).
class { 'redis': }
