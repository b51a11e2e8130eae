class { 'postgresql::globals': version => '15' }
class { 'postgresql::server': }
