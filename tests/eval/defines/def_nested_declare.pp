define inner { notice("inner ${title}") }
define outer { inner { "in-${title}": } }
outer { 'o': }
