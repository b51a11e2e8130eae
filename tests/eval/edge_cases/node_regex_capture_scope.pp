node /^(\w+)\./ {
  notice($1)
  if 'abc' =~ /(b)/ { notice($1) }
  notice($1)
  class { 'c': }
}
class c { notice("in class: [${1}]") }
