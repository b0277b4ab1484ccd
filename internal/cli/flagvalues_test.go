package cli

import "testing"

// A size flag reads a number of bytes with or without a unit (units of
// 1,024) and refuses what is not a positive size.
func TestByteSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64 // 0: refused
	}{
		{"4GB", 4 << 30}, {"4gb", 4 << 30}, {"4G", 4 << 30}, {"4GiB", 4 << 30}, {"512MB", 512 << 20},
		{"1.5G", 3 << 29}, {"64KiB", 64 << 10}, {"1000", 1000}, {" 2 GB ", 2 << 30}, {"1TB", 1 << 40},
		{"", 0}, {"lots", 0}, {"0", 0}, {"-1GB", 0}, {"GB", 0}, {"4XB", 0}, {"9000000TB", 0},
	} {
		var n int64
		err := byteSize{&n}.Set(c.in)
		switch {
		case c.want == 0 && err == nil:
			t.Errorf("%q: read as %d, want an error", c.in, n)
		case c.want != 0 && (err != nil || n != c.want):
			t.Errorf("%q: %d, %v; want %d", c.in, n, err, c.want)
		}
	}
	for n, want := range map[int64]string{4 << 30: "4GB", 512 << 20: "512MB", 1000: "1000", 3 << 29: "1536MB"} {
		if got := formatBytes(n); got != want {
			t.Errorf("formatBytes(%d) = %q, want %q", n, got, want)
		}
		var back int64
		if err := (byteSize{&back}).Set(formatBytes(n)); err != nil || back != n {
			t.Errorf("%q reads back as %d, %v; want %d", formatBytes(n), back, err, n)
		}
	}
}
