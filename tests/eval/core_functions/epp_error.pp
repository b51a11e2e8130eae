notice(epp('nomodule/x.epp'))
