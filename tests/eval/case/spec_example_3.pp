notice case [1,2,50] {
  Array[Integer[1,49]]: { 'in range' }
  default : { 'out of range' }
}
