File.expand_path('../..', File.dirname(__FILE__)).tap { |dir| $LOAD_PATH.unshift(dir) unless $LOAD_PATH.include?(dir) }
require 'puppet_x/bridgetest/patterns'

Puppet::Type.newtype(:bridgetest_thing) do
  desc 'A type whose attributes and title patterns Ruby code builds.'

  ensurable

  newparam(:name, :namevar => true) do
    desc 'The name.'
  end

  newparam(:realm, :namevar => true) do
    desc 'The realm.'
  end

  [:color, :size].each do |attr|
    newproperty(attr) do
      desc "The #{attr}."
    end
  end

  def self.title_patterns
    PuppetX::Bridgetest.split_title_patterns(:name, :realm)
  end
end
