# @pjit-flag --allow-generate
notice(generate('/bin/echo', 'hi'))
