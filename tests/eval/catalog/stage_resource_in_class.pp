class c { stage { 'post': } }
include c
Stage['main'] -> Stage['post']
