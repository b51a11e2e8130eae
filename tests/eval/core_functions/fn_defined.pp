notice(defined('$nope'), defined('notice'), defined(Class['nope']), defined(File))
