# spec: operators_guide.md:203, statement 4 of 7
'eat' in { 'present' => 'eat', 'past' => 'ate' }            # resolves to false
