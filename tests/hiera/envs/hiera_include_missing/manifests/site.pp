hiera_include('nope')
