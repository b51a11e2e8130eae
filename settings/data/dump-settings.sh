#!/bin/sh
# Writes the names of Puppet's settings (from the installed Puppet) to
# puppet-settings.txt beside this script.
set -eu
out="$(dirname "$0")/puppet-settings.txt"
{
    echo "# The names of Puppet 7.23's settings (\`puppet config print all --section server\`),"
    echo "# one per line: a name here that pjit does not use is reported as unsupported,"
    echo "# a name in no list as unknown. Regenerate with settings/data/dump-settings.sh."
    puppet config print all --section server 2>/dev/null | awk -F' = ' '{print $1}'
} > "$out"
