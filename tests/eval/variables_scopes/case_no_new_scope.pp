case 1 {
  1: { $v = one }
}
notice($v)
