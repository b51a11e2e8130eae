notice(deprecation('k', 'msg'))
class c { validate_string('x') }
include c
