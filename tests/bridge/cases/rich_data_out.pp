# Rich values made in Ruby.
bridgetest::rich().each |$k, $v| {
  notice("${k}: ${type($v, generalized)}")
}
$r = bridgetest::rich()
notice($r['timestamp'])
notice($r['timespan'])
notice($r['semver'])
notice($r['range'])
notice($r['binary'])
notice($r['type'])
notice($r['regexp'])
notice($r['undef'] == undef)
notice($r['empty'] == '')
notice($r['deferred'])
