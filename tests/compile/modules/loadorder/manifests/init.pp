# Puppet's type loader reads a module's init.pp before the file a name
# points to, so definitions here are found for any loadorder::* name.
class loadorder {
  notify { 'loadorder': }
}
class loadorder::from_init {
  notify { 'defined in init.pp': }
}
define loadorder::def_in_init($x = 1) {
  notify { "def ${title} ${x}": }
}
