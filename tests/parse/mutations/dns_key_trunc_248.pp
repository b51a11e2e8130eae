# mutant: dns/manifests/key.pp lines 27-54, truncated at 19:22
  $keyfilename = "${keydir}/${filename}"

  if $secret {
    file {$keyfilename:
      ensure  => file,
      owner   => $dns::user,
      group   => $dns::group,
      mode    => '0640',
      content => template('dns/key.erb'),
      notify  => Service[$dns::namedservicename],
    }
  } else {
    exec { "create-${filename}":
      command => "${dns::rndcconfgen} -r /dev/urandom -a -c ${keyfilename} -b ${keysize} -k ${name}",
      creates => $keyfilename,
      notify  => Service[$dns::namedservicename],
    }-> file { $keyfilename:
      owner => 'root'