notice(Regexp['(f)(o)(o)'])
notice(Regexp[/a\/b/])
