type Port = Integer[1, 65535]
define svc(Port $port, String $name2 = 'x') {
  notice("${title}: ${port}")
}
svc { 'a': port => 80 }
svc { 'b': port => 0 }
