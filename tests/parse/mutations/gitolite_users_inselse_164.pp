# mutant: gitolite/manifests/users.pp lines 9-17, inserted 'else' at 7:46
define gitolite::users (
  Hash $defaults = {},
  Hash $users    = {},
) {

  ensure_resources('gitolite::user', $users,  else $defaults)

}

