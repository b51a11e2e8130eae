function myf() { 1 }
notice(defined('myf'))
notice(defined('notice'))
notice(defined('nosuch'))
notice(defined(Notify))
