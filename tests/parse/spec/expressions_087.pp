# spec: expressions.md:1726
# catalog manipuation
require
realize
include
contain
tag

# logging
debug
info
notice
warning
err

# stop execution
fail

# raises an error as it is discontinued
import
