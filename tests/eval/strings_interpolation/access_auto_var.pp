$var = {key => {key => deep}}
notice("${var[key]}")
notice("${var[key][key]}")
