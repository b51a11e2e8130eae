type Scalar = Integer
notice(Scalar)
