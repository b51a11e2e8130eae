class c { notice("[${nv}]") }
node default {
  $nv = node_value
  include c
}
