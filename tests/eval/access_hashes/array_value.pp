$h = {list => [1, 2, 3]}
notice($h['list'][-1])
