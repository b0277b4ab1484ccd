package embed

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"
)

// onnxFixture builds a tiny ONNX model: one 2×2 float initializer stored as
// raw data and one MatMul node using it.
func onnxFixture() []byte {
	field := func(num, wire int) []byte { return binary.AppendUvarint(nil, uint64(num<<3|wire)) }
	bytesField := func(num int, b []byte) []byte {
		out := append(field(num, wireBytes), binary.AppendUvarint(nil, uint64(len(b)))...)
		return append(out, b...)
	}
	varint := func(num int, v uint64) []byte { return append(field(num, wireVarint), binary.AppendUvarint(nil, v)...) }
	var raw []byte
	for _, f := range []float32{1, 2, 3, 4} {
		raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(f))
	}
	tensor := bytes.Join([][]byte{varint(fieldTensorDims, 2), varint(fieldTensorDims, 2), varint(fieldTensorDataType, onnxFloat),
		bytesField(fieldTensorName, []byte("w")), bytesField(fieldTensorRawData, raw)}, nil)
	node := bytes.Join([][]byte{bytesField(fieldNodeInput, []byte("x")), bytesField(fieldNodeInput, []byte("w")),
		bytesField(fieldNodeName, []byte("/dense/MatMul")), bytesField(fieldNodeOpType, []byte("MatMul"))}, nil)
	graph := append(bytesField(fieldGraphNode, node), bytesField(fieldGraphInitializer, tensor)...)
	return append(varint(1, 8), bytesField(fieldModelGraph, graph)...) // ir_version 8, graph
}

func TestParseONNX(t *testing.T) {
	g, err := parseONNX(onnxFixture())
	if err != nil {
		t.Fatal(err)
	}
	w := g.Initializers["w"]
	if w == nil || !sameDims(w.Dims, []int{2, 2}) || len(w.Floats) != 4 || w.Floats[3] != 4 {
		t.Fatalf("initializer w = %+v", w)
	}
	if len(g.Nodes) != 1 || g.Nodes[0].OpType != "MatMul" || g.Nodes[0].Name != "/dense/MatMul" || len(g.Nodes[0].Inputs) != 2 {
		t.Fatalf("nodes = %+v", g.Nodes)
	}
	if _, err := parseONNX([]byte("not a model")); err == nil {
		t.Error("text parsed as a model")
	}
}

// FuzzParseONNX: any bytes give a graph or an error, never a panic.
func FuzzParseONNX(f *testing.F) {
	f.Add(onnxFixture())
	f.Add([]byte{})
	f.Add([]byte{0x3a, 0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := parseONNX(b)
		if err == nil && g == nil {
			t.Fatal("no graph and no error")
		}
	})
}

// FuzzReadVectors: any bytes give vectors or an error, never a panic.
func FuzzReadVectors(f *testing.F) {
	var buf bytes.Buffer
	buf.WriteString(vectorMagic)
	buf.Write([]byte{6, 0})
	buf.WriteString("hashed")
	buf.Write([]byte{2, 0, 0, 0, 1, 0, 0, 0, 3, 0})
	buf.WriteString("a#0")
	buf.Write(make([]byte, 32+8))
	f.Add(buf.Bytes())
	f.Add([]byte(vectorMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		vs, err := readVectors(bytes.NewReader(b))
		if err != nil {
			return
		}
		for _, v := range vs.Items {
			if len(v.Values) != vs.Dims {
				t.Fatalf("%s: %d values, header says %d", v.ID, len(v.Values), vs.Dims)
			}
		}
	})
}
