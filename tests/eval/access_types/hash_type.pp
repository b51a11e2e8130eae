notice(Hash[String, Integer])
$h = Hash[Scalar, String]
notice($h)
