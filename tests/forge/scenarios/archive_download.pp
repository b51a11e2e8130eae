# puppet-archive 7.1: downloads and extraction.
class { 'archive': }
archive { '/tmp/app.tar.gz':
  ensure       => present,
  source       => 'https://example.com/releases/app-1.2.3.tar.gz',
  extract      => true,
  extract_path => '/opt',
  creates      => '/opt/app-1.2.3',
  cleanup      => true,
}
archive::nexus { '/opt/lib/tool.jar':
  url        => 'https://nexus.example.com',
  gav        => 'com.example:tool:1.0.0',
  repository => 'releases',
  packaging  => 'jar',
}
