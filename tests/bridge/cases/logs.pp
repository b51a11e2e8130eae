class logger {
  notice(bridgetest::logs('hi'))
}
include logger
