class { 'ntp':
  servers => ['given.example.com'],
}
