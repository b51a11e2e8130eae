notice({Integer => String})
