define inner() { notice("inner ${title}") }
define outer() { inner { "${title}-i": } }
outer { 'o': }
