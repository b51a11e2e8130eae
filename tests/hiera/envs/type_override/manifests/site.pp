notice(lookup('num', {'value_type' => String, 'override' => {'num' => 2}}))
