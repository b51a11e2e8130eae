notice(/x/ =~ Regexp)
notice(/x/ =~ Regexp[/x/])
notice(/x/ =~ Regexp[/y/])
notice('x' =~ Regexp)
