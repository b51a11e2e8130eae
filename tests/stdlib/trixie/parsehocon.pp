# stdlib 9.4.1: parsehocon is the deprecation shim of stdlib::parsehocon.
$conf = @(HOCON)
  # a service configuration, HOCON style
  server {
    port = 8080
    hosts = [alpha, beta]
    hosts += gamma
    timeout = 1e3
  }
  server.name = "web"
  server { port = 8443, tls = true }
  defaults = { retries = 3, backoff = 0.5 }
  client = ${defaults} { retries = 5 }
  greeting = hello ${server.name} world
  optional = ${?NOT_SET_ANYWHERE_PJIT}
  | HOCON
$d = parsehocon($conf)
notify { 'hocon':
  message => $d['server']['hosts'],
}
file { '/tmp/hocon.json':
  content => stdlib::to_json($d),
}
notice(parsehocon('a = ', 'fallback'))
notice(stdlib::parsehocon('a.b = 1', 'unused'))
notice(stdlib::parsehocon("x = 010\ny = [1, 2] [3]"))
