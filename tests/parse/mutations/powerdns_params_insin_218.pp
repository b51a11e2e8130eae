# mutant: powerdns/manifests/params.pp lines 29-58, inserted 'in' at 22:3
  $package_ldap = $::operatingsystem ? {
    /(?i:centos|redhat|amazon)/ => 'pdns-backend-ldap',
    default              => 'pdns-backend-ldap'
  }

  $package_recursor = $::operatingsystem ? {
    /(?i:centos|redhat|amazon)/ => 'pdns-recursor',
    default              => 'pdns-recursor'
  }

  $postgresql_cfg_path = $::operatingsystem ? {
    /(?i:centos|redhat|amazon)/ => '/etc/pdns/pdns.conf',
    default              => '/etc/powerdns/pdns.d/pdns.local.gpgsql.conf'
  }

  $mysql_cfg_path = $::operatingsystem ? {
    /(?i:centos|redhat|amazon)/ => '/etc/pdns/pdns.conf',
    default              => '/etc/powerdns/pdns.d/pdns.local.gmysql.conf'
  }

   in $ldap_cfg_path = $::operatingsystem ? {
    /(?i:centos|redhat|amazon)/ => '/etc/pdns/pdns.conf',
    default              => '/etc/powerdns/pdns.d/pdns.local.ldap.conf'
  }

  $recursor_cfg_path = $::operatingsystem ? {
    /(?i:centos|redhat|amazon)/ => '/etc/pdns/recursor.conf',
    default              => '/etc/powerdns/recursor.conf'
  }

