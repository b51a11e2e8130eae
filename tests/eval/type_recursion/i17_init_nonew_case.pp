case 1 { Init[Iterable]: { notice(a) } default: { notice(b) } }
