notice({mode => read, path => '/x'} =~ Struct[{mode=>Enum[read, write, update], path=>String[1]}])
notice({mode => exec, path => '/x'} =~ Struct[{mode=>Enum[read, write, update], path=>String[1]}])
notice({mode => read} =~ Struct[{mode=>Enum[read, write, update], path=>String[1]}])
