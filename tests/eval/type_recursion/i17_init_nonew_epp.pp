notice(inline_epp('<%- | Init[Iterable] $x | -%><%= $x %>', {x => 1}))
