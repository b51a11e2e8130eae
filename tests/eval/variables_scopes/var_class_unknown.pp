notice($nosuch::v)
