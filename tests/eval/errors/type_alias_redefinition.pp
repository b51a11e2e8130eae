type T = Integer
type T = String
