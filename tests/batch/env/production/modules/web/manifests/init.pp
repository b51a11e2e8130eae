class web (Web::Port $port = 80, Array[String] $modules = ['ssl', 'rewrite']) {
  package { 'nginx': ensure => installed }
  -> file { '/etc/nginx/nginx.conf':
    content => epp('web/nginx.conf.epp', { 'port' => $port, 'modules' => $modules }),
  }
  ~> service { 'nginx': ensure => running, enable => true }
  $count = web::double(size($modules))
  notice("web listens on ${port} with ${count} module slots")
}
