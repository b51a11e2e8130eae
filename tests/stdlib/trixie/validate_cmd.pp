# @pjit-flag --allow-generate
# validate_cmd runs the command on a file holding the content.
validate_cmd("hello\n", '/bin/grep -q hello')
validate_cmd("hello\n", '/bin/grep -q hello % ', 'must say hello')
notice('validated')
