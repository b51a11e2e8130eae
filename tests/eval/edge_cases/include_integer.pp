include(42)
