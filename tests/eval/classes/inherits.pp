class base { notice('base') }
class child inherits base { notice('child') }
include child
