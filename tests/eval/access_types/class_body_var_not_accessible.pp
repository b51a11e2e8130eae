class myclass($x = 10) { $body = 1 }
include myclass
notice(Class[myclass][body])
