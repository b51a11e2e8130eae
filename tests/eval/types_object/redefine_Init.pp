type Init = Integer
notice(Init)
