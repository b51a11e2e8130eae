$h = {default => d, x => 1}
notice($h[default])
