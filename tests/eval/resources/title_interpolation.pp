$n = 'dynamic'
notify { "title-${n}": }
