case $x { default: {} 1: {} default: {} }
