# Deep-merged class parameters from two levels.
include mysql::server
