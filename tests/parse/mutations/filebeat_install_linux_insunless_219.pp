# mutant: filebeat/manifests/install/linux.pp lines 7-15, inserted 'unless' at 8:15
class filebeat::install::linux {
  if $::kernel != 'Linux' {
    fail('filebeat::install::linux shouldn\'t run on Windows')
  }

  package {'filebeat':
    ensure =>  unless $filebeat::package_ensure,
  }
}
