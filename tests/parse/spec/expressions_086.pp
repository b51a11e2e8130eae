# spec: expressions.md:1722
require 'myclass'
