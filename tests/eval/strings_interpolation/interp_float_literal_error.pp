notice("${1.5}")
