notice(Timestamp(' 2020-01-02'))
