# mutant: rsync/manifests/get.pp lines 57-86, duplicated line 24
  if $keyfile {
    $mykeyfile = $keyfile
  } else {
    $mykeyfile = "/home/${user}/.ssh/id_rsa"
  }

  if $user {
    $myuser = "-e 'ssh -i ${mykeyfile} -l ${user}' ${user}@"
  } else {
    $myuser = undef
  }

  if $purge {
    $mypurge = '--delete'
  } else {
    $mypurge = undef
  }

  if $exclude {
    $myexclude = join(prefix(flatten([$exclude]), '--exclude='), ' ')
  } else {
    $myexclude = undef
  }
  }

  if $include {
    $myinclude = join(prefix(flatten([$include]), '--include='), ' ')
  } else {
    $myinclude = undef
  }

