# Sources with keys and pins, as sites add vendor repositories.
class { 'apt':
  update => { 'frequency' => 'daily' },
  purge  => { 'sources.list.d' => true },
}
apt::source { 'postgresql':
  location => 'http://apt.postgresql.org/pub/repos/apt',
  release  => 'trixie-pgdg',
  repos    => 'main',
  key      => {
    'name'   => 'postgresql.asc',
    'source' => 'https://www.postgresql.org/media/keys/ACCC4CF8.asc',
  },
}
apt::pin { 'backports':
  priority => 200,
  release  => 'trixie-backports',
}
apt::conf { 'no-recommends':
  content => 'APT::Install-Recommends "false";',
}
