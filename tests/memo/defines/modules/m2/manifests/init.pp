class m2 {
  d::defaulted { 'from-module': }
}
