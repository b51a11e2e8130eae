# staging downloads and extracts archives: staging_parse names the
# folders and scope_defaults checks for an Exec path default.
Exec { path => ['/usr/bin', '/bin'] }
class { 'staging': path => '/opt/staging' }
staging::file { 'app-1.2.tar.gz': source => 'https://example.com/releases/app-1.2.tar.gz' }
staging::extract { 'app-1.2.tar.gz':
  target  => '/opt/app',
  creates => '/opt/app/app-1.2',
  require => Staging::File['app-1.2.tar.gz'],
}
staging::deploy { 'tool.zip':
  source => 'puppet:///modules/site/tool.zip',
  target => '/usr/local/tool',
}
