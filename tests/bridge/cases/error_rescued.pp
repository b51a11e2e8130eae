notice(bridgetest::errors('rescued'))
