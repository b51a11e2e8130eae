class profile($users, $list_a, $plain, Integer $converted, $wrapped) {
  notice($users)
  notice($list_a)
  notice($plain)
  notice($converted)
  notice($wrapped)
}
include profile
notice(lookup('profile::users'))
notice(lookup('profile::users', Data, 'first'))
notice(lookup('profile::list_a'))
