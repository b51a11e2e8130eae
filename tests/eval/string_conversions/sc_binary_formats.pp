$b = Binary('hello', '%s')
notice(String($b), String($b, '%s'), String($b, '%B'), String($b, '%u'), String($b, '%p'))
