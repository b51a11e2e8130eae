# mutant: filebeat/manifests/input.pp lines 56-69, deleted ']' at 7:64
  $input_template = $filebeat::major_version ? {
    '5'     => 'prospector.yml.erb',
    default => 'input.yml.erb',
  }

  if 'filebeat_version' in $facts and $facts['filebeat_version' != false {
    $skip_validation = versioncmp($facts['filebeat_version'], $filebeat::major_version) ? {
      -1      => true,
      default => false,
    }
  } else {
    $skip_validation = false
  }

