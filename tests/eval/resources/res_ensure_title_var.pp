$t = 'from var'
notify { $t: }
