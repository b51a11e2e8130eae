notice(1 =~ ScalarData, /x/ =~ ScalarData, /x/ =~ Scalar, default =~ Scalar)
