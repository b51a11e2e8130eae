# aboe-chrony 3: time servers and a pool.
class { 'chrony':
  servers => ['ntp1.example.com', 'ntp2.example.com'],
  pools   => { 'pool.ntp.org' => ['iburst'] },
  makestep_updates => 3,
}
