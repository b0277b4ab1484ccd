package embed

import (
	"runtime"
	"sync"
)

// linear computes dst = x·Wᵀ + bias for a row-major x of rows×in and a
// weight wT stored output-major (out×in, each output's weights contiguous),
// so every output is a dot product of two contiguous slices. Output columns
// are split between up to workers goroutines; each computes a 2×4 block of
// outputs per pass over in, reusing every loaded value twice or four times.
func linear(dst, x []float32, rows, in int, wT []float32, out int, bias []float32, workers int) {
	workers = min(workers, runtime.GOMAXPROCS(0), max(out/64, 1))
	if workers <= 1 || rows*in*out < 1<<16 {
		linearCols(dst, x, rows, in, wT, out, bias, 0, out)
		return
	}
	var wg sync.WaitGroup
	step := (out/workers + 3) &^ 3
	for j0 := 0; j0 < out; j0 += step {
		j1 := min(j0+step, out)
		wg.Go(func() { linearCols(dst, x, rows, in, wT, out, bias, j0, j1) })
	}
	wg.Wait()
}

// linearCols computes the outputs j0 ≤ j < j1 of every row.
func linearCols(dst, x []float32, rows, in int, wT []float32, out int, bias []float32, j0, j1 int) {
	r := 0
	for ; r+2 <= rows; r += 2 {
		x0 := x[r*in : (r+1)*in]
		x1 := x[(r+1)*in : (r+2)*in]
		d0 := dst[r*out : (r+1)*out]
		d1 := dst[(r+1)*out : (r+2)*out]
		j := j0
		for ; j+4 <= j1; j += 4 {
			w0 := wT[j*in : (j+1)*in]
			w1 := wT[(j+1)*in : (j+2)*in]
			w2 := wT[(j+2)*in : (j+3)*in]
			w3 := wT[(j+3)*in : (j+4)*in]
			x1 := x1[:len(x0)]
			w0, w1, w2, w3 = w0[:len(x0)], w1[:len(x0)], w2[:len(x0)], w3[:len(x0)]
			var a00, a01, a02, a03, a10, a11, a12, a13 float32
			for k, xa := range x0 {
				xb := x1[k]
				v0, v1, v2, v3 := w0[k], w1[k], w2[k], w3[k]
				a00 += xa * v0
				a01 += xa * v1
				a02 += xa * v2
				a03 += xa * v3
				a10 += xb * v0
				a11 += xb * v1
				a12 += xb * v2
				a13 += xb * v3
			}
			d0[j], d0[j+1], d0[j+2], d0[j+3] = a00+bias[j], a01+bias[j+1], a02+bias[j+2], a03+bias[j+3]
			d1[j], d1[j+1], d1[j+2], d1[j+3] = a10+bias[j], a11+bias[j+1], a12+bias[j+2], a13+bias[j+3]
		}
		for ; j < j1; j++ {
			w := wT[j*in : (j+1)*in]
			d0[j] = dot(x0, w) + bias[j]
			d1[j] = dot(x1, w) + bias[j]
		}
	}
	for ; r < rows; r++ {
		xr := x[r*in : (r+1)*in]
		d := dst[r*out : (r+1)*out]
		for j := j0; j < j1; j++ {
			d[j] = dot(xr, wT[j*in:(j+1)*in]) + bias[j]
		}
	}
}

// dot is the dot product of two slices of the same length, with four
// independent sums so that the additions pipeline.
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	k := 0
	for ; k+4 <= len(a); k += 4 {
		s0 += a[k] * b[k]
		s1 += a[k+1] * b[k+1]
		s2 += a[k+2] * b[k+2]
		s3 += a[k+3] * b[k+3]
	}
	for ; k < len(a); k++ {
		s0 += a[k] * b[k]
	}
	return (s0 + s1) + (s2 + s3)
}
