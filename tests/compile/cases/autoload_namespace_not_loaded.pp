include loadorder::sub::deep
include loadorder::sub_extra
