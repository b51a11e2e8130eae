if ($x = 5) > 3 { notice($x) }
