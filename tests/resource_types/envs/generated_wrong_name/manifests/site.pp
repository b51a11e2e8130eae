gt_wrong { 'x': value => 1 }
