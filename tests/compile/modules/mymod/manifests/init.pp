class mymod(Mymod::Small $x = 1) {
  notify { "mymod ${x}": }
  mymod::thing { 't': }
  include mymod::sub
}
