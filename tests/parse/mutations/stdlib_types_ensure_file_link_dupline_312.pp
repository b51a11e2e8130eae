# mutant: stdlib/types/ensure/file/link.pp lines 2-2, duplicated line 2
type Stdlib::Ensure::File::Link = Enum['link', 'absent']
type Stdlib::Ensure::File::Link = Enum['link', 'absent']
