notice(String(3.14159, '%.2f'), String(1e20, '%g'), String(255, '%#x'), String(8, '%#o'), String(5, '%b'))
