class dep { notice(dep) }
class user { require dep
 notice(user) }
include user
