# mutant: tea/types/fileuri.pp lines 2-2, deleted ']' at 2:49
type Tea::Fileuri = Pattern[/^file:\/\/\/([^\/\0+(\/)?)+/]
