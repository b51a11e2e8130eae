$h = {a => lower}
notice($h['A'] == undef)
