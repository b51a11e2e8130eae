# @pjit-flag --allow-generate
notice(generate('/bin/e$cho'))
