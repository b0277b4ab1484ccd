package words

import "sort"

func sortStrings(s []string) []string { sort.Strings(s); return s }
