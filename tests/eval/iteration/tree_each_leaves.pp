$t = {a => [1, 2], b => 3}
$t.tree_each({include_containers => false}) |$v| { notice($v) }
