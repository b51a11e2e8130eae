# mutant: gnocchi/manifests/db.pp lines 20-24, inserted '$' at 4:47
  include gnocchi::deps

  validate_legacy(Oslo::Dbconn, 'validate_re', $  $database_connection,
    ['^(sqlite|mysql(\+pymysql)?|postgresql):\/\/(\S+:\S+@\S+\/\S+)?'])

