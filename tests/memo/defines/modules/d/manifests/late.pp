class d::late {
  $v = "late-${facts['hidden']}"
  notify { 'late': }
}
