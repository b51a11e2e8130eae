$h = {1 => one, '1' => string_one}
notice($h[1])
notice($h['1'])
