$list = ['b', 'a']
notice(inline_template("<%= instance_variables.include?(:@list) %> <% @list << 'c' %><%= @list.sort.join(',') %>"))
notice($list)
