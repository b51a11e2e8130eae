notice(stdlib::os_version_gte('Debian', ''))
