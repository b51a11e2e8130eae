# defined() with a class or defined type name loads it from the modulepath
# (Puppet's find_hostclass / find_definition), as declaring it would.
notice(defined('mymod::sub'), defined('::mymod::thing'), defined('mymod::nope'), defined(Mymod::Thing))
