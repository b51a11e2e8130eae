type ScalarData = Integer
notice(ScalarData)
