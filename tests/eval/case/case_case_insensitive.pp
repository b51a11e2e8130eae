case 'ABC' { 'abc': { notice('ci') } default: { notice('cs') } }
