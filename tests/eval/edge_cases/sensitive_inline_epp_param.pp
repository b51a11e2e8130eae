$r = inline_epp('<%- | Sensitive $p | -%>x=<%= $p %>', { p => Sensitive(42) })
notice(type($r, generalized))
notice($r)
