function app::suffix() >> String {
  'app-1'
}
