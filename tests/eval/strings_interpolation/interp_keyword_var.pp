$node_x = 1
notice("${node_x}")
