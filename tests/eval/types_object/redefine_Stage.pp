type Stage = Integer
notice(Stage)
