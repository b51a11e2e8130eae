notice(Init[Hash]([[1,2]]))
notice(Init[Hash]([1,2]))
notice(Init[Struct[{a=>Integer}]]({a=>1}))
