# mutant: openstacklib/manifests/db/mysql/host_access.pp lines 49-72, deleted ')' at 5:67
  validate_legacy(Pattern[/_/], 'validate_re', $title,
    ['_', 'Title must be $dbname_$host'])

  $host = inline_template('<%= @title.split("_").last.downcase %>'

  if $create_user {
    mysql_user { "${user}@${host}":
      plugin        => $plugin,
      password_hash => $password_hash,
      tls_options   => $tls_options,
    }
    Mysql_database<| title == $database |>
      ~> Mysql_user<| title == "${user}@${host}" |>
  }

  if $create_grant {
    mysql_grant { "${user}@${host}/${database}.*":
      privileges => $privileges,
      table      => "${database}.*",
      user       => "${user}@${host}",
    }
    Mysql_user<| title == "${user}@${host}" |>
      ~> Mysql_grant<| title == "${user}@${host}/${database}.*" |>
  }
