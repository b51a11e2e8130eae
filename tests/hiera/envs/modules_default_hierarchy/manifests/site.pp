notice(lookup('dh::a'))
notice(lookup('dh::b'))
notice(lookup('dh::h'))
include nohiera
