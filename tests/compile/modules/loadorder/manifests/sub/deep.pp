class loadorder::sub::deep {
  notify { 'deep': }
}
