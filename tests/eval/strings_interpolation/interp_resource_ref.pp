notice("${Notify[a]} ${File['/tmp/x']}")
