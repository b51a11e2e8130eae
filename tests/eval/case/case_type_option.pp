case 3 { String: { notice('s') } Integer[1,5]: { notice('small') } default: { notice('d') } }
