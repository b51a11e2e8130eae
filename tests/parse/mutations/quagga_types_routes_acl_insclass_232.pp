# mutant: quagga/types/routes_acl.pp lines 1-7, inserted 'class' at 7:14
type Quagga::Routes_acl = Enum[
  'all',
  'none',
  'default',
  'v4default',
  'v6default' class ,
]
