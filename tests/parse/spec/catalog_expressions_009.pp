# spec: catalog_expressions.md:441
File['foo'] { mode => '0666' }
File['foo', 'fee', 'bar'] { mode => '0666' }
File[]                                        # syntax error
File { mode => 0666 }                         # a Resource Default Expression, not override

Resource['File', 'foo', 'bar'] { mode => '0666'}
$type = File
$type['foo', 'bar'] { mode => '0666' }

$resources = File['foo', 'bar']
$resources { mode => '0666' }
