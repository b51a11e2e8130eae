# mutant: tdc/manifests/test_process.pp lines 46-75, deleted ']' at 24:45
  concat{ "${::tdc::checkrootdir}/${::tdc::checkconfigdir}/tdc_${title}-process.cfg":
    owner => 'root',
    group => 'root',
    mode  => '0644',
  }

  concat::fragment{ "${::tdc::checkrootdir}/${::tdc::checkconfigdir}/tdc_${title}-process.cfg header":
      target  => "${::tdc::checkrootdir}/${::tdc::checkconfigdir}/tdc_${title}-process.cfg",
      content => epp('tdc/tdc_config_header.epp', {'type' => 'test for process', 'cmn' => $title}),
      order   => '00',
  }

  generate ('/bin/bash', '-c',
            "${::tdc::generator} ${nagiosout} service no dummy")
  generate ('/bin/bash', '-c',
            "${::tdc::generator} ${nagiosout} hostgroup no dummy ${::fqdn}")

  # create the tests from the process array
  $process.each | $f, $fff | {
    concat::fragment { "${fff} ${f}":
      target  => "${::tdc::checkrootdir}/${::tdc::checkconfigdir}/tdc_${title}-process.cfg",
      content => "command[check_tdc_${title}-${f}-${::fqdn}-process]=${nagioscheck} -C ${fff} -c ${minprocs}:${maxprocs}\n",
      notify  => Service[$::tdc::nrpeservice,
    }
    generate ('/bin/bash', '-c',
              "${::tdc::generator} ${nagiosout} service yes check_tdc_${title}-${f}-${::fqdn}-process")
    generate ('/bin/bash', '-c',
              "${::tdc::generator} ${nagiosout} hostgroup yes check_tdc_${title}-${f}-${::fqdn}-process ${::fqdn}")
  }

