type Node = Integer
notice(Node)
