notice(String(undef), String(undef, '%p'), String(undef, '%d'))
