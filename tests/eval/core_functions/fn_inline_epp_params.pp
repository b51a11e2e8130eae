notice(inline_epp('<%- | $a, $b = 2 | -%><%= $a %><%= $b %>', {a => 1}))
