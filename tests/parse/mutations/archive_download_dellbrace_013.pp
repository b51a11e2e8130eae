# mutant: archive/manifests/download.pp lines 48-63, deleted '{' at 2:57
  $target = ($title =~ Stdlib::Compat::Absolute_path) ? 
    false   => "${src_target}/${title}",
    default => $title,
  }

  archive { $target:
    ensure          => $ensure,
    source          => $url,
    checksum_verify => $checksum,
    checksum        => $digest_string,
    checksum_type   => $digest_type,
    checksum_url    => $digest_url,
    proxy_server    => $proxy_server,
    user            => $user,
    allow_insecure  => $allow_insecure,
  }
