# mutant: apt/types/auth_conf_entry.pp lines 14-20, deleted '}' at 7:3
type Apt::Auth_conf_entry = Struct[
  {
    machine => String[1],
    login => String,
    password => String
  
]
