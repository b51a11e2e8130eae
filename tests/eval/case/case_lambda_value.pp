case 2 { [1,2,3]: { notice('array') } default: { notice('d') } }
