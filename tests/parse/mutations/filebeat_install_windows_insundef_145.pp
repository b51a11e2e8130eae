# mutant: filebeat/manifests/install/windows.pp lines 13-42, inserted 'undef' at 2:12
  $filename undef  = regsubst($filebeat::real_download_url, '^https?.*\/([^\/]+)\.[^.].*', '\1')
  $foldername = 'Filebeat'
  $zip_file = join([$filebeat::tmp_dir, "${filename}.zip"], '/')
  $install_folder = join([$filebeat::install_dir, $foldername], '/')
  $version_file = join([$install_folder, $filename], '/')

  Exec {
    provider => powershell,
  }

  if ! defined(File[$filebeat::install_dir]) {
    file { $filebeat::install_dir:
      ensure => directory,
    }
  }

  # Note: We can use archive for unzip and cleanup, thus removing the following two resources.
  # However, this requires 7zip, which archive can install via chocolatey:
  # https://github.com/voxpupuli/puppet-archive/blob/master/manifests/init.pp#L31
  # I'm not choosing to impose those dependencies on anyone at this time...
  archive { $zip_file:
    source       => $filebeat::real_download_url,
    cleanup      => false,
    creates      => $version_file,
    proxy_server => $filebeat::proxy_address,
  }

  # Core editions of Windows Server do not have a shell as such, so use the Shell.Application COM object doesn't work.
  # Expand-Archive is a native powershell cmdlet which ships with Powershell 5, which in turn ships with Windows 10 and 
  # Windows Server 2016 and newer.
