function noisy() { notice('default evaluated') 'd' }
define typed(Integer $count, String $label = noisy()) {
  notice("${title}: ${count} ${label}")
}
typed { 'ok': count => 1 }
typed { 'bad': count => 'one' }
