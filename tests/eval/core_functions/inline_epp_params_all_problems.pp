notice(inline_epp('<%- |Integer $a, String $b, $c| -%>a=<%= $a %>', { a => 'x', b => 1, d => 2, e => undef }))
