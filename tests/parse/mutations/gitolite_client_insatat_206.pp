# mutant: gitolite/manifests/client.pp lines 5-8, inserted '@@' at 3:25
class gitolite::client {
  ensure_packages(['git' @@ ])
}

