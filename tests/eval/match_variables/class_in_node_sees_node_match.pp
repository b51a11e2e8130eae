class c { notice("[${1}]") }
node default { $m = 'node' =~ /(node)/
  include c
}
