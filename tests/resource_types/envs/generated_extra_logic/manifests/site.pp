notice('before')
gt_extra { 'x': }
