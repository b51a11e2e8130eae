$r = Regexp['(f)(o)(o)']
notice($r)
notice(Regexp[/x/])
notice(Regexp)
