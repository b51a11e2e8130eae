# mutant: tdc/manifests/test_file.pp lines 46-75, deleted ')' at 17:74
  concat{ "${tdc::checkrootdir}/${tdc::checkconfigdir}/tdc_${title}-file.cfg":
    owner => 'root',
    group => 'root',
    mode  => '0644',
  }

  concat::fragment{ "${tdc::checkrootdir}/${tdc::checkconfigdir}/tdc_${title}-file.cfg header":
      target  => "${tdc::checkrootdir}/${tdc::checkconfigdir}/tdc_${title}-file.cfg",
      content => epp('tdc/tdc_config_header.epp', {'type' => 'test for files', 'cmn' => $title}),
      order   => '00',
  }

  generate ('/bin/bash', '-c',
            "${tdc::generator} ${nagiosout} service no dummy")
  generate ('/bin/bash', '-c',
            "${tdc::generator} ${nagiosout} hostgroup no dummy ${::fqdn}"

  # create the tests from the file array
  $file.each | $f, $fff | {
    concat::fragment { "${fff} ${f}":
      target  => "${tdc::checkrootdir}/${tdc::checkconfigdir}/tdc_${title}-file.cfg",
      content => "command[check_tdc_${title}-${f}-${::fqdn}-file]=${nagioscheck} ${fff}\n",
      notify  => Service[$tdc::nrpeservice],
    }
    generate ('/bin/bash', '-c',
              "${tdc::generator} ${nagiosout} service yes check_tdc_${title}-${f}-${::fqdn}-file")
    generate ('/bin/bash', '-c',
              "${tdc::generator} ${nagiosout} hostgroup yes check_tdc_${title}-${f}-${::fqdn}-file ${::fqdn}")
  }

