$t = @(END:epp)
  <% ($x) -%>
  END
