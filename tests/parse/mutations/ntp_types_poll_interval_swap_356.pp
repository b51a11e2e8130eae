# mutant: ntp/types/poll_interval.pp lines 3-3, swapped '17' and ']' at 2:38
type Ntp::Poll_interval = Integer[4, ]17
