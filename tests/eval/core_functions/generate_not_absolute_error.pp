# @pjit-flag --allow-generate
notice(generate('echo', 'hi'))
