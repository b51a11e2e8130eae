$s = Sensitive('secret')
notice("${s}")
