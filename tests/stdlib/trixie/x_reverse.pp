notice(reverse([1, 2, 3]))
notice(reverse('héllo'))
