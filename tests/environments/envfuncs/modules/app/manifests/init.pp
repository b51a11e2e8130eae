class app {
  notify { "app ${app::suffix()} ${plain_double(2)}": }
}
