node foo-bar.example.com {}
