$a = Array[String]
notice($a[Integer])
