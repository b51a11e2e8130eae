case 'b' { 'a', 'b': { notice('ab') } default: { notice('d') } }
