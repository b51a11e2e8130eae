# @pjit-flag --allow-generate
notice(generate('/bin/sh', '-c', 'echo out; echo err >&2; exit 3'))
