type O = Object[{attributes => {a => Optional[Init[O]]}}]
notice(O(undef))
notice(Init[O](undef))
