# saz-sudo 9 (not in Debian): sudoers fragments.
class { 'sudo': }
sudo::conf { 'admins':
  priority => 10,
  content  => '%admins ALL=(ALL) NOPASSWD: ALL',
}
sudo::conf { 'deploy':
  content => ['deploy ALL=(root) NOPASSWD: /usr/bin/systemctl restart app', 'Defaults:deploy !requiretty'],
}
