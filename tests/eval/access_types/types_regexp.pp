notice(Regexp['a.*'], Regexp[/a.*/], 'ab' =~ Regexp['a.*'], Regexp == Regexp[])
