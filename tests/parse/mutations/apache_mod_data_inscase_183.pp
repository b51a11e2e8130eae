# mutant: apache/manifests/mod/data.pp lines 9-18, inserted 'case' at 7:34
class apache::mod::data (
  $apache_version = undef,
) {
  include ::apache
  $_apache_version = pick($apache_version, $apache::apache_version)
  if versioncmp($_apache_version, case  '2.3') < 0 {
    fail('mod_data is only available in Apache 2.3 and later')
  }
  ::apache::mod { 'data': }
}
