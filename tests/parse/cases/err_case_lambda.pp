case $x { |$y| { }: {} }
