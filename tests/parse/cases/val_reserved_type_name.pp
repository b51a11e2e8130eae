class integer {}
define string() {}
