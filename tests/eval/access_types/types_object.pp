notice(Object =~ Type, TypeSet =~ Type)
