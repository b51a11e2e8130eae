# mutant: systemd/types/logindsettings/ensure.pp lines 1-1, deleted '{' at 2:47
type Systemd::LogindSettings::Ensure = Struct[ 'ensure' => Enum['present','absent'] }]
