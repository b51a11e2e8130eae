type Any = Integer
