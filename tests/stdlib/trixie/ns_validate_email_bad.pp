stdlib::validate_email_address('a@b.com', 'nope')
