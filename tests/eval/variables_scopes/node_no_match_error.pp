node 'other.example.com' {
  notice('other')
}
