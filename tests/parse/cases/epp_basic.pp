$t = @(END:epp)
  Hello <%= $name %>!
  <% if $x { -%>
  yes
  <% } -%>
  <%# comment %>
  <%% literal %%>
  END
