# mutant: tdc/manifests/test_file_owner.pp lines 60-89, truncated at 20:84
  generate ('/bin/bash', '-c',
            "${::tdc::generator} ${nagiosout} service no dummy")
  generate ('/bin/bash', '-c',
            "${::tdc::generator} ${nagiosout} hostgroup no dummy ${::fqdn}")

  # create the tests from the file array
  $file.each | $f, $fff | {
    concat::fragment { "${fff} ${f}":
      target  => "${::tdc::checkrootdir}/${::tdc::checkconfigdir}/tdc_${title}-file-owner.cfg",
      content => "command[check_tdc_${title}-${f}-${::fqdn}-file-owner]=${nagioscheck} ${fff['file']} ${fff['owner']}\n",
      notify  => Service[$::tdc::nrpeservice],
    }
    generate ('/bin/bash', '-c',
              "${::tdc::generator} ${nagiosout} service yes check_tdc_${title}-${f}-${::fqdn}-file-owner")
    generate ('/bin/bash', '-c',
              "${::tdc::generator} ${nagiosout} hostgroup yes check_tdc_${title}-${f}-${::fqdn}-file-owner ${::fqdn}")
  }

if !defined(File["${tdc::checkrootdir}/${tdc::checkscriptdir}/check_tdc_file_owner"