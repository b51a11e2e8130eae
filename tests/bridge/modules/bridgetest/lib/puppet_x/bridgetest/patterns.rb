module PuppetX
  module Bridgetest
    # Title patterns built by Ruby code, as keystone's composite namevars are.
    def self.split_title_patterns(first, second)
      [
        [/^(.+)::(.+)$/, [[first], [second]]],
        [/^(.+)$/, [[first]]],
      ]
    end
  end
end
