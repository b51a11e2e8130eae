# @pjit-flag --allow-generate
notice(generate('/bin/sh', '-c', 'echo "$1-$2"', 'x', 'a b'))
