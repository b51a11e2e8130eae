# spec: operators_guide.md:203, statement 3 of 7
'eat' in { 'eat' => 'present tense', 'ate' => 'past tense'} # resolves to true
