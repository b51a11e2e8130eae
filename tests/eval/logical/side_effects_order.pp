$r = (notice('left') == undef) and (notice('right') == undef)
notice($r)
