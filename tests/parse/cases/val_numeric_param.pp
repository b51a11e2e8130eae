function f($1) {}
