# mutant: ntp/types/key_id.pp lines 3-3, swapped '[' and '1' at 2:27
type Ntp::Key_id = Integer1[, 65534]
