$t = 'file'
Resource[$t] { '/a': }
Resource['file'] { '/b': }
$t { '/c': }
File { '/d': }
