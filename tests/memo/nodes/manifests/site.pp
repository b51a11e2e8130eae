node /^web(\d+)/ {
  notice("web number ${1}")
  if $facts['broken'] { include no_such_class }
}
node 'db1.example.com' {
  notice('the first database')
}
node default {
  notice('some other node')
  if $facts['broken'] { include no_such_class }
}
