notice({a => 1} =~ Struct[{Optional[a] => Init[Iterable]}])
