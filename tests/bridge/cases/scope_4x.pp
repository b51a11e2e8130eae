$top = 'top value'
class bridgetest::reader {
  include bridgetest::params
  $mine = 'local to reader'
  notice(bridgetest::in_scope('mine'))
}
include bridgetest::reader
