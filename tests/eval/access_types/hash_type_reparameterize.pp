$h = Hash[Scalar, String]
notice($h[Scalar, Integer])
