notice(String({a => 1}, {Hash => {format => '%h'}}))
notice(Boolean('yes'))
notice(Boolean({from => 'yes'}))
