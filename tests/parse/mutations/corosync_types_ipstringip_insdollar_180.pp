# mutant: corosync/types/ipstringip.pp lines 1-6, inserted '$' at 3:30
type Corosync::IpStringIp = Variant[
  Stdlib::Compat::Ip_address, $ 
  Array[
    Stdlib::Compat::Ip_address
  ]
]
