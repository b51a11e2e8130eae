# a comment
$a = 1 # trailing
/* multi
   line */ $b = 2
/**/
