package embed

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// onnxTensor is one initializer (a weight) of an ONNX graph: only float32
// tensors are decoded; others keep their name and dims for error messages.
type onnxTensor struct {
	Name     string
	Dims     []int
	DataType int // TensorProto.DataType; 1 is FLOAT
	Floats   []float32
}

// onnxNode is one operator of an ONNX graph: enough to find which weight
// a MatMul of a named layer multiplies by when the exporter gave the weight
// an opaque name ("onnx::MatMul_1234").
type onnxNode struct {
	Name   string
	OpType string
	Inputs []string
}

// onnxGraph is the part of an ONNX model the BERT forward pass needs.
type onnxGraph struct {
	Initializers map[string]*onnxTensor
	Nodes        []onnxNode
}

// The protobuf field numbers of onnx.proto this reader decodes.
const (
	fieldModelGraph         = 7  // ModelProto.graph
	fieldGraphNode          = 1  // GraphProto.node
	fieldGraphInitializer   = 5  // GraphProto.initializer
	fieldNodeInput          = 1  // NodeProto.input
	fieldNodeName           = 3  // NodeProto.name
	fieldNodeOpType         = 4  // NodeProto.op_type
	fieldTensorDims         = 1  // TensorProto.dims
	fieldTensorDataType     = 2  // TensorProto.data_type
	fieldTensorFloatData    = 4  // TensorProto.float_data
	fieldTensorName         = 8  // TensorProto.name
	fieldTensorRawData      = 9  // TensorProto.raw_data
	fieldTensorDataLocation = 14 // TensorProto.data_location (1 = EXTERNAL)
	onnxFloat               = 1
	wireVarint, wireFixed64 = 0, 1
	wireBytes, wireFixed32  = 2, 5
)

// maxTensorValues bounds a tensor's size (a BERT-base embedding table
// has 23 million values).
const maxTensorValues = 1 << 30

// parseONNX reads the graph's initializers and nodes from the bytes of an
// ONNX model file: a protobuf wire-format walk over just the fields above,
// every other field skipped.
func parseONNX(b []byte) (*onnxGraph, error) {
	g := &onnxGraph{Initializers: map[string]*onnxTensor{}}
	found := false
	err := walkFields(b, func(field, wire int, v uint64, data []byte) error {
		if field != fieldModelGraph || wire != wireBytes {
			return nil
		}
		found = true
		return walkFields(data, func(field, wire int, _ uint64, data []byte) error {
			if wire != wireBytes {
				return nil
			}
			switch field {
			case fieldGraphInitializer:
				t, err := parseTensor(data)
				if err != nil {
					return err
				}
				g.Initializers[t.Name] = t
			case fieldGraphNode:
				n, err := parseNode(data)
				if err != nil {
					return err
				}
				g.Nodes = append(g.Nodes, n)
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, errors.New("no graph in the model (not an ONNX file?)")
	}
	return g, nil
}

func parseNode(b []byte) (onnxNode, error) {
	var n onnxNode
	err := walkFields(b, func(field, wire int, _ uint64, data []byte) error {
		if wire != wireBytes {
			return nil
		}
		switch field {
		case fieldNodeInput:
			n.Inputs = append(n.Inputs, string(data))
		case fieldNodeName:
			n.Name = string(data)
		case fieldNodeOpType:
			n.OpType = string(data)
		}
		return nil
	})
	return n, err
}

func parseTensor(b []byte) (*onnxTensor, error) {
	t := &onnxTensor{}
	var raw []byte
	var floats []float32
	external := false
	err := walkFields(b, func(field, wire int, v uint64, data []byte) error {
		switch field {
		case fieldTensorDims:
			if wire == wireVarint {
				t.Dims = append(t.Dims, int(int64(v)))
				return nil
			}
			if wire == wireBytes { // packed
				for len(data) > 0 {
					x, n := binary.Uvarint(data)
					if n <= 0 {
						return errors.New("bad packed dims")
					}
					t.Dims = append(t.Dims, int(int64(x)))
					data = data[n:]
				}
			}
		case fieldTensorDataType:
			t.DataType = int(v)
		case fieldTensorName:
			t.Name = string(data)
		case fieldTensorRawData:
			raw = data
		case fieldTensorDataLocation:
			external = v == 1
		case fieldTensorFloatData:
			switch wire {
			case wireFixed32:
				floats = append(floats, math.Float32frombits(uint32(v)))
			case wireBytes: // packed
				if len(data)%4 != 0 {
					return errors.New("bad packed float_data")
				}
				for i := 0; i < len(data); i += 4 {
					floats = append(floats, math.Float32frombits(binary.LittleEndian.Uint32(data[i:])))
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if external {
		return nil, fmt.Errorf("tensor %q keeps its data in an external file, which this reader does not support", t.Name)
	}
	if t.DataType != onnxFloat {
		return t, nil
	}
	n := 1
	for _, d := range t.Dims {
		if d < 0 || (d > 0 && n > maxTensorValues/d) {
			return nil, fmt.Errorf("tensor %q has impossible dimensions %v", t.Name, t.Dims)
		}
		n *= d
	}
	switch {
	case raw != nil:
		if len(raw) != 4*n {
			return nil, fmt.Errorf("tensor %q: %d bytes of raw data for dims %v (want %d)", t.Name, len(raw), t.Dims, 4*n)
		}
		t.Floats = make([]float32, n)
		for i := range t.Floats {
			t.Floats[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
		}
	case len(floats) == n:
		t.Floats = floats
	default:
		return nil, fmt.Errorf("tensor %q: %d float values for dims %v (want %d)", t.Name, len(floats), t.Dims, n)
	}
	return t, nil
}

// walkFields calls fn for each field of the protobuf message b: its number,
// wire type and either its integer value (varint, fixed32, fixed64) or its
// bytes (length-delimited; a sub-slice of b, not a copy).
func walkFields(b []byte, fn func(field, wire int, v uint64, data []byte) error) error {
	for len(b) > 0 {
		key, n := binary.Uvarint(b)
		if n <= 0 {
			return errors.New("truncated protobuf field key")
		}
		b = b[n:]
		field, wire := int(key>>3), int(key&7)
		var v uint64
		var data []byte
		switch wire {
		case wireVarint:
			v, n = binary.Uvarint(b)
			if n <= 0 {
				return fmt.Errorf("truncated varint in field %d", field)
			}
			b = b[n:]
		case wireFixed64:
			if len(b) < 8 {
				return fmt.Errorf("truncated fixed64 in field %d", field)
			}
			v, b = binary.LittleEndian.Uint64(b), b[8:]
		case wireBytes:
			l, n := binary.Uvarint(b)
			if n <= 0 || l > uint64(len(b)-n) {
				return fmt.Errorf("truncated length-delimited field %d", field)
			}
			data, b = b[n:n+int(l)], b[n+int(l):]
		case wireFixed32:
			if len(b) < 4 {
				return fmt.Errorf("truncated fixed32 in field %d", field)
			}
			v, b = uint64(binary.LittleEndian.Uint32(b)), b[4:]
		default:
			return fmt.Errorf("unsupported protobuf wire type %d in field %d", wire, field)
		}
		if err := fn(field, wire, v, data); err != nil {
			return err
		}
	}
	return nil
}
