notice(Init[String]([128]))
notice('true' =~ Init[Boolean])
notice(Integer < Init[String])
notice(assert_type(Init[Integer], '12'))
