notice('x' =~ Regexp[/x/])
