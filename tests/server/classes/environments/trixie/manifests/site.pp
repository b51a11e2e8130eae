node default { include mysql::server }
