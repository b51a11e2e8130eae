# mutant: ipaclient/manifests/debian_fixes.pp lines 6-26, deleted '}' at 20:5
class ipaclient::debian_fixes {

  if str2bool($ipaclient::ssh) {
    augeas { 'debian_ssh_fix':
      context => '/files/etc/ssh/sshd_config',
      changes => [
        'set AuthorizedKeysCommand /usr/bin/sss_ssh_authorizedkeys',
        'set GSSAPIAuthentication yes',
        'set AuthorizedKeysCommandUser nobody',
        ]
      }
  }

  if str2bool($ipaclient::mkhomedir) {
    file_line { 'mkhomedir_pam':
      ensure => present,
      line   => 'session required pam_mkhomedir.so',
      path   => '/etc/pam.d/common-session'
    
  }
}
