$t = @(END:epp)
  <%- | String $name, Integer $n = 1 | -%>
  <%= $name %>
  END
