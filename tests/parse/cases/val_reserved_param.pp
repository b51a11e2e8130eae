class foo($name) {}
define bar($title) {}
