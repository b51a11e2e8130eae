define typed(Integer[0] $count, String[1] $label) {
  notice("${title}: ${count} ${label}")
}
typed { 'ok': count => 1, label => 'x' }
typed { 'bad': count => -1, label => '' }
