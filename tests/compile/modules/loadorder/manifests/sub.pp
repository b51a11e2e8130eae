class loadorder::sub {
  notify { 'sub': }
}
# Named below this file's namespace but on no path the loader tries for
# it: known only once loadorder::sub was loaded.
class loadorder::sub_extra {
  notify { 'sub extra': }
}
