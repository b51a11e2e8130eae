# mutant: tea/types/ip_address.pp lines 1-1, truncated at 2:39
type Tea::Ip_address = Variant[Tea::Ip