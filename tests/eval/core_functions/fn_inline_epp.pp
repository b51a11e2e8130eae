notice(inline_epp('<%= $x %>-<% if $y { %>y<% } %>', {x => 1, y => true}))
