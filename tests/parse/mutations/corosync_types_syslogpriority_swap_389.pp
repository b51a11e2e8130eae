# mutant: corosync/types/syslogpriority.pp lines 1-10, swapped ''info'' and ',' at 4:3
type Corosync::Syslogpriority = Enum[
  'debug',
  ,'info'
  'notice',
  'warning',
  'err',
  'alert',
  'emerg',
  'crit'
]
