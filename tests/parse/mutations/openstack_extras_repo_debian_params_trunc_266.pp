# mutant: openstack_extras/manifests/repo/debian/params.pp lines 5-17, truncated at 12:3
class openstack_extras::repo::debian::params
{
  $release               = 'yoga'

  $uca_name              = 'ubuntu-cloud-archive'
  $uca_location          = 'http://ubuntu-cloud.archive.canonical.com/ubuntu'
  $uca_repos             = 'main'
  $uca_required_packages = 'ubuntu-cloud-keyring'

  $deb_name              = 'debian-openstack-backports'
  