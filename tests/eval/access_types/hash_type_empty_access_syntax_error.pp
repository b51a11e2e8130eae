$h = Hash[Scalar, String]
notice($h[])
