# mutant: gitolite/manifests/repos.pp lines 9-17, inserted 'function' at 3:7
define gitolite::repos (
  Hash function  $defaults = {},
  Hash $repos    = {},
) {

  ensure_resources('gitolite::repo', $repos, $defaults)

}

