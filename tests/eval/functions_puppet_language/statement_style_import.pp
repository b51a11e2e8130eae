import 'x.pp'
