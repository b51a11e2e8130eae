# @pjit-flag --allow-generate
notice(generate('/bin/../bin/echo', 'hi'))
