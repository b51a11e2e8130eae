stdlib::validate_email_address()
