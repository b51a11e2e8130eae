notice(glob("${module_directory('stdlib')}/types/*.pp").length > 5)
notice(glob("${module_directory('stdlib')}/types/ip*").map |$p| { $p.split('/')[-1] })
notice(glob(["${module_directory('stdlib')}/types/{port,fqdn}.pp"]).map |$p| { $p.split('/')[-1] })
notice(glob('/nonexistent/*'))
