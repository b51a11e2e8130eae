notice(Array)
notice(Array[String])
$a = Array[String]
notice($a)
