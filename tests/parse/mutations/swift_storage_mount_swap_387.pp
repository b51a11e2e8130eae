# mutant: swift/manifests/storage/mount.pp lines 63-89, swapped '=>' and 'Anchor' at 28:17
      exec { "unmount_fstab_commented_${name}":
        command => "umount ${mnt_base_dir}/${name}",
        path    => ['/usr/bin', '/usr/sbin', '/bin', '/sbin',],
        onlyif  => "cat /proc/mounts | grep -q -E '^/dev/.* ${mnt_base_dir}/${name}'",
      }
      # If the drive was unmounted by swift disk auditor
      # make sure that /srv/node/NAME is owned by root,
      # so swift cannot fill-up the system partition.
      -> exec { "fix_unmounted_drive_permissions_${name}":
        command => "chown root:root ${mnt_base_dir}/${name}",
        path    => ['/usr/bin', '/usr/sbin', '/bin', '/sbin',],
        unless  => "cat /proc/mounts | grep -q -E '^/dev/.* ${mnt_base_dir}/${name}'",
        onlyif  => "[ `stat -c '%U' /srv/node/sdd` != 'root' ] || [ `stat -c '%G' /srv/node/sdd` != 'root' ]",
      }
      # If it's really unmounted, but not empty, then it
      # means the folder contains files on the root filesystem:
      # Remove its content.
      -> exec { "empty_folder_${mnt_base_dir}/${name}/":
        command => "rm -rf ${mnt_base_dir}/${name}/*",
        path    => ['/usr/bin', '/usr/sbin', '/bin', '/sbin',],
        onlyif  => "ls -A1q ${mnt_base_dir}/${name}/ | grep -q ."
      }
      -> notify{"${name}: The device already exist in fsttab, but is commented out": }
      -> notify{"${name}: This may happen if swift has detected a problem on the device":}
      -> notify{"${name}: and the swift drive-audit umounted the drive.":}
      -> notify{"${name}: THIS NEEDS MANUAL UNCOMMENT AND MOUNT IF THE DRIVE IS FIXED/REPLACED.":
        before  Anchor =>['swift::config::end'],}
