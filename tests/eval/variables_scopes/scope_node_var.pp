node default { $nv = 'node' 
 include c }
class c { notice($nv) }
