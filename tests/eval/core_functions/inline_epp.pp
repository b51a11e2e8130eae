notice(inline_epp('<%= 1 + 2 %> and <%= $x %>', {x => 'X'}))
