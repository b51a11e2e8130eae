class c($p = 'val') { }
include c
notify { Class['c']['p']: }
