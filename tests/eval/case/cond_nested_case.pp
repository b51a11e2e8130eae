case 1 { 1: { case 'a' { 'a': { notice('inner') } } } }
