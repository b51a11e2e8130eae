notice($settings::storeconfigs)
notice(type($settings::storeconfigs))
