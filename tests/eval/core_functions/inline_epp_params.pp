notice(inline_epp('<%- |String $who| -%>
hi <%= $who %>', {who => 'you'}))
