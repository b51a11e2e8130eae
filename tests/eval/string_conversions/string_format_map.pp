notice(String([1, 'a'], {Array => {format => '%(a', separator => ';'}}))
