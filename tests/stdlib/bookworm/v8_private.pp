# `private` is a reserved word since Puppet 4: only `call` (or Ruby) reaches it
class profile_base {
  call('private')
  notice('profile_base')
}
include profile_base
call('private', 'top-level call')
notice(call('private'))
