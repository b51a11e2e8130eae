$m = 'top' =~ /(top)/
class inner { notice("[${1}]") }
class outer { $n = 'outer' =~ /(outer)/
  include inner
}
include outer
