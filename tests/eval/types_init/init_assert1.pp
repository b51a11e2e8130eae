notice(assert_type(Init[Integer], '12'))
notice(assert_type(Init[Integer], 'x'))
