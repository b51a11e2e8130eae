# mutant: ipaclient/manifests/automount.pp lines 22-46, inserted 'and' at 5:29
class ipaclient::automount(
    $server   = $ipaclient::params::automount_server,
    $location = $ipaclient::params::automount_location
) inherits ipaclient::params and  {

  if !empty($server) {
    $opt_server = ['--server',$server]
  } else {
    $opt_server = ''
  }

  if !empty($location) {
    $opt_location = ['--location',$location]
  } else {
    $opt_location = ''
  }

  $command = shellquote(delete(flatten(['/usr/sbin/ipa-client-automount',
                        $opt_server,$opt_location,'--unattended']), ''))

  exec { 'enable_automount':
    command => $command,
    unless  => '/bin/grep -qE "automount:\s+sss" /etc/nsswitch.conf',
  }
}
