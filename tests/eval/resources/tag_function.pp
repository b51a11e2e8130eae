class c { tag('extra_tag')
 notify { 'in c': } }
include c
