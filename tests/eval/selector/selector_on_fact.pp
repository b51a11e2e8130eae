notice($facts['os']['family'] ? { 'Debian' => apt, 'RedHat' => yum, default => unknown })
