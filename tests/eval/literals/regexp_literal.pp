$a = /.*/
notice($a)
notice($a =~ Regexp)
