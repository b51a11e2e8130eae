$a = [1, 2]
case 2 { (*$a): { notice(y) } default: { notice(n) } }
