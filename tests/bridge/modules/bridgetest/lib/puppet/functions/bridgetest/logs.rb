# Logs through Puppet's own log and through the logging functions.
Puppet::Functions.create_function(:'bridgetest::logs') do
  dispatch :logs do
    param 'String', :msg
  end

  def logs(msg)
    Puppet.warning("Ruby warns: #{msg}")
    call_function('notice', "Ruby notices: #{msg}")
    msg.length
  end
end
