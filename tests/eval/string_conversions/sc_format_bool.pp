notice(String(true, '%y'), String(false, '%Y'), String(true, '%d'), String(true, '%p'))
