# Environment-level functions and types (Puppet's environment loader):
# global names and environment:: names from <env>/functions and
# <env>/types, every name segment a directory.
$port = 8080
$ok = $port =~ Portnum
$small = 5 =~ Environment::Small
notify { "checks ${ok} ${small}": }
notify { environment::greeting('web'): }
notify { "plain ${plain_double(21)}": }
include app
