type String = Integer
