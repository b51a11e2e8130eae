if '' { notice('empty string is true') }
if 0 { notice('zero is true') }
if [] { notice('empty array is true') }
if undef { notice('no') } else { notice('undef is false') }
