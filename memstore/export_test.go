package memstore

import (
	"encoding/binary"
	"hash/crc32"
)

// AppendChecksum appends a snapshot checksum to b, for tests that forge
// snapshots with a valid checksum.
func AppendChecksum(b []byte) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// MaxPathNodes is maxPathNodes, for the external tests.
const MaxPathNodes = maxPathNodes
