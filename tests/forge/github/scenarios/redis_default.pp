# puppet-redis 11 (Debian 13) with its defaults, next to the voxpupuli
# systemd module it needs (systemd::manage_dropin).
class { 'redis': }
