notify { 'a': }
notify { 'b': subscribe => [Notify['a'], undef, [[]]] }
notify { 'c': notify => [] }
