# spec: types_values_variables.md:585, statement 2 of 2
{a=>1, b=>2} =~ Collection[3]    # false, size is < 3
