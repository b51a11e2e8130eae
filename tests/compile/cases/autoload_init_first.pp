include loadorder::from_init
