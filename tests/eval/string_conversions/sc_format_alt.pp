notice(String([1, [2]], {Array => {format => '%(a', separator => ';'}}))
