type Node = Object[{attributes => {value => Integer, next => Optional[Node]}}]
$n = Node(1, Node(2))
notice($n)
notice($n.next.value)
notice($n =~ Node)
