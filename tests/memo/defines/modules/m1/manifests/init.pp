class m1 {
  d::defaulted { 'from-module': }
}
