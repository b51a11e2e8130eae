case 'abc' { /(b)(c)/: { notice("${0} ${1} ${2}") } default: { notice('d') } }
