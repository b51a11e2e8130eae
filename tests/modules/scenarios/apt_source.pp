include apt
apt::source { 'debian': location => 'http://deb.debian.org/debian', release => 'bookworm', repos => 'main' }
