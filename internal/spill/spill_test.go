package spill

import (
	"cmp"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/internal/atomicfile"
)

var u64 = Codec[uint64]{Size: 8,
	Encode: func(b []byte, x uint64) { binary.LittleEndian.PutUint64(b, x) },
	Decode: func(b []byte) uint64 { return binary.LittleEndian.Uint64(b) },
}

// A sorter gives every record added, in order, whether it holds them all
// or spills runs; with no order, in the order added; and its files go with
// the directory.
func TestSorter(t *testing.T) {
	parent := t.TempDir()
	dir, err := NewDir(parent, "x")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 1000, 20000, 100000} {
		for _, memory := range []int64{1, 1 << 30} {
			for _, ordered := range []bool{true, false} {
				compare := cmp.Compare[uint64]
				if !ordered {
					compare = nil
				}
				s := NewSorter(dir, u64, compare, memory)
				var all []uint64
				for range n {
					x := rng.Uint64N(5000)
					all = append(all, x)
					if err := s.Add(x); err != nil {
						t.Fatal(err)
					}
				}
				if memory == 1 && n > 2048 && s.Spilled() == 0 {
					t.Errorf("%d records in 1 byte did not spill", n)
				}
				var got []uint64
				if err := s.Each(func(x uint64) error { got = append(got, x); return nil }); err != nil {
					t.Fatal(err)
				}
				if ordered {
					slices.Sort(all)
				}
				if !slices.Equal(got, all) {
					t.Fatalf("n %d memory %d ordered %t: the records came back wrong", n, memory, ordered)
				}
			}
		}
	}
	if left, _ := os.ReadDir(dir.Path()); len(left) != 0 {
		t.Errorf("runs left after Each: %d", len(left))
	}
	if err := dir.Remove(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(parent); len(left) != 0 {
		t.Errorf("files left after Remove: %v", left)
	}
	if _, err := dir.Create("late"); err == nil {
		t.Error("Create after Remove succeeded")
	}
}

// A sorter's buffer stays within its bound, and within a lowered bound
// from the run after it is lowered, and the records still come back in
// order.
func TestSorterKeepsToItsMemory(t *testing.T) {
	dir, err := NewDir(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Remove()
	bound := int64(64 << 10)
	s := NewSorter(dir, u64, cmp.Compare[uint64], bound)
	rng := rand.New(rand.NewPCG(3, 4))
	var all []uint64
	lowered := false
	for i := range 200000 {
		if i == 100000 {
			bound = 16 << 10
			s.SetMemory(bound)
			lowered = true
		}
		x := rng.Uint64()
		all = append(all, x)
		if err := s.Add(x); err != nil {
			t.Fatal(err)
		}
		if got := s.Memory(); got > bound && !(lowered && i < 100000+8192) {
			t.Fatalf("record %d: buffer of %d bytes past the bound of %d", i, got, bound)
		}
	}
	var got []uint64
	if err := s.Each(func(x uint64) error { got = append(got, x); return nil }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(all)
	if !slices.Equal(got, all) {
		t.Fatal("the records came back wrong")
	}
}

// A process that exits at once (a second Ctrl-C) removes a build's
// directory through atomicfile.RemoveTemporary, though the build's own
// Remove never ran; a Remove after that is safe, and a directory removed
// by its build is no longer tracked.
func TestDirRemovedOnExit(t *testing.T) {
	parent := t.TempDir()
	d, err := NewDir(parent, "big.snap")
	if err != nil {
		t.Fatal(err)
	}
	f, err := d.Create("run")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if removed := atomicfile.RemoveTemporary(); !slices.Contains(removed, d.Path()) {
		t.Errorf("RemoveTemporary removed %v, want %s", removed, d.Path())
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("left behind %v", entries)
	}
	if err := d.Remove(); err != nil {
		t.Errorf("Remove after the exit's clean-up: %v", err)
	}
	d2, err := NewDir(parent, "other.snap")
	if err != nil {
		t.Fatal(err)
	}
	path := d2.Path()
	if err := d2.Remove(); err != nil {
		t.Fatal(err)
	}
	if removed := atomicfile.RemoveTemporary(); slices.Contains(removed, path) {
		t.Errorf("a directory its build removed is still tracked: %v", removed)
	}
}
