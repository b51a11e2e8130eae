class c {
  Notify { message => 'class default' }
  notify { 'in c': }
}
include c
notify { 'outside': }
