$t = top
node default {
  $n = node_local
  notice("${t} ${n}")
}
