case undef { undef: { notice('u') } default: { notice('d') } }
