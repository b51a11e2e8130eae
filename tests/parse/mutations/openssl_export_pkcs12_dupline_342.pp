# mutant: openssl/manifests/export/pkcs12.pp lines 29-55, duplicated line 24
      $passout_opt = $out_pass ? {
        false   => '',
        default => "-passout pass:${out_pass}",
      }

      $chain_opt = $chaincert ? {
        false   => '',
        default => "-chain -CAfile ${chaincert}",
      }

      $cmd = [
        'openssl pkcs12 -export',
        "-in ${cert}",
        "-inkey ${pkey}",
        "-out ${basedir}/${name}.p12",
        "-name ${name}",
        '-nodes -noiter',
        $chain_opt,
        $pass_opt,
        $passout_opt,
      ]

      exec {"Export ${name} to ${basedir}/${name}.p12":
      exec {"Export ${name} to ${basedir}/${name}.p12":
        command => inline_template('<%= @cmd.join(" ") %>'),
        path    => $::path,
        creates => "${basedir}/${name}.p12",
      }
