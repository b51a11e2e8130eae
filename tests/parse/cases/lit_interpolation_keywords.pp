$a = "${class} ${node} ${default} ${undef} ${if}"
