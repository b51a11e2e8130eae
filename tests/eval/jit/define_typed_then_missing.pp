define typed(Integer $count, String $label) {
  notice("${title}: ${count}")
}
typed { 'ok': count => 1, label => 'x' }
typed { 'bad': count => 'one' }
