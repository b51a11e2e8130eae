notice($settings::all_local.keys.sort)
