"""Minimal reader of R .rda (XDR serialization, version 2/3) for data frames of atomic vectors. stdlib only."""
import bz2, gzip, lzma, struct
def decompress(b):
    if b[:3] == b'BZh': return bz2.decompress(b)
    if b[:2] == b'\x1f\x8b': return gzip.decompress(b)
    if b[:6] == b'\xfd7zXZ\x00': return lzma.decompress(b)
    return b
class R:
    def __init__(s, b): s.b = b; s.p = 0; s.refs = []
    def i(s):
        v = struct.unpack('>i', s.b[s.p:s.p+4])[0]; s.p += 4; return v
    def obj(s):
        f = s.i(); t = f & 0xff; hasattr_ = f & (1 << 9); hastag = f & (1 << 10)
        if t == 254 or t == 242 or t == 251 or t == 253: return None  # NILVALUE, EMPTYENV, MISSINGARG, GLOBALENV
        if t == 255: return s.refs[(f >> 8) - 1]
        if t == 1:  # SYMSXP
            v = s.obj(); s.refs.append(('sym', v)); return ('sym', v)
        if t == 9:  # CHARSXP
            n = s.i()
            if n == -1: return None
            v = s.b[s.p:s.p+n].decode('utf-8', 'replace'); s.p += n; return v
        if t in (2,):  # LISTSXP
            attr = s.obj() if hasattr_ else None
            tag = s.obj() if hastag else None
            car = s.obj(); cdr = s.obj()
            out = [(tag[1] if tag else None, car)]
            if isinstance(cdr, list): out += cdr
            return out
        if t in (10, 13):  # LGLSXP, INTSXP
            n = s.i(); v = list(struct.unpack('>%di' % n, s.b[s.p:s.p+4*n])); s.p += 4*n
        elif t == 14:
            n = s.i(); v = list(struct.unpack('>%dd' % n, s.b[s.p:s.p+8*n])); s.p += 8*n
        elif t in (16, 19):  # STRSXP, VECSXP
            n = s.i(); v = [s.obj() for _ in range(n)]
        else:
            raise ValueError('type %d at %d' % (t, s.p))
        a = dict((k, x) for k, x in s.obj()) if hasattr_ else {}
        return {'type': t, 'v': v, 'attr': a}
def load(path):
    b = decompress(open(path, 'rb').read())
    assert b[:5] in (b'RDX2\n', b'RDX3\n'), b[:5]
    r = R(b[5:]); assert r.b[:2] == b'X\n'; r.p = 2
    ver = r.i(); r.i(); r.i()
    if ver == 3: n = r.i(); r.p += n
    return r.obj()
def frames(path):
    out = {}
    for name, o in load(path):
        cols = o['attr']['names']['v']
        out[name] = {c: col['v'] for c, col in zip(cols, o['v'])}
    return out
