include loadorder::sub
include loadorder::sub_extra
