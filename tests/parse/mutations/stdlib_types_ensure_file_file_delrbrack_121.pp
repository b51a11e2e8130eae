# mutant: stdlib/types/ensure/file/file.pp lines 2-2, deleted ']' at 2:56
type Stdlib::Ensure::File::File = Enum['file', 'absent'
