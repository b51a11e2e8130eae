notice(inline_epp('<%- |$a = 5, $b = $a| -%>a=<%= $a %> b=<%= $b %>', { a => undef }))
