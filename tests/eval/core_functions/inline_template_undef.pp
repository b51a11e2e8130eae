# undef variables in templates: not bound as instance variables (so they
# hide the top scope's), nil through scope[], and left out of to_hash.
$shadow = 'top'
$plain = 'top'
define probe($shadow = undef, $given = undef) {
  $local_undef = undef
  [1].each |$i| {
    $in_lambda = undef
    notice(inline_template(@(T)))
      <%= [@shadow, @plain, @given, @local_undef, @in_lambda, @never].inspect %> <%=
        [scope['shadow'], scope.lookupvar('plain'), scope['local_undef']].inspect %> <%=
        %w[shadow plain given local_undef in_lambda never].map { |v| scope.to_hash.key?(v) }.inspect %> <%=
        [defined?(@shadow), defined?(@plain), scope.include?('shadow'), scope.exist?('shadow'), scope.exist?('never')].inspect %>
      | T
  }
}
probe { 'a': }
probe { 'b': shadow => 'mine', given => false }
