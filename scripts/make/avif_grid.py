"""AVIF grids of many tiles that share one tile's data (avifenc codes a grey 512x512 tile), so
a few KB state a picture of any size a grid box can: the shapes of issue 33's files (a grid
16384 px wide; one 65535 px wide), for scripts/fuzz/seeds' heifgrid seeds. The test suite
writes the same container in Swift (Tests/TestFixtures/AVIFGridBuilder.swift).

    /usr/bin/python3 scripts/make/avif_grid.py OUT.avif COLUMNS ROWS WIDTH HEIGHT
"""
import os
import struct
import subprocess
import sys
import tempfile

from PIL import Image


def be16(v): return struct.pack('>H', v)
def be32(v): return struct.pack('>I', v)
def box(kind, body): return be32(8 + len(body)) + kind.encode() + body
def full(kind, version, body): return box(kind, bytes([version, 0, 0, 0]) + body)


def tile(side=512):
    """avifenc's av1C box and AV1 data for a grey side x side picture."""
    with tempfile.TemporaryDirectory() as d:
        Image.new('RGB', (side, side), (128, 128, 128)).save(os.path.join(d, 't.png'))
        subprocess.run(['avifenc', '-s', '10', '-y', '420', os.path.join(d, 't.png'), os.path.join(d, 't.avif')],
                       check=True, capture_output=True)
        data = open(os.path.join(d, 't.avif'), 'rb').read()

    def find(kind):
        at = data.find(kind.encode())
        return data[at - 4:at - 4 + struct.unpack('>I', data[at - 4:at])[0]]
    return find('av1C'), find('mdat')[8:]


def grid(columns, rows, width, height, side=512):
    av1c, data = tile(side)
    payload = bytes([0, 1, rows - 1, columns - 1]) + be32(width) + be32(height)
    n = columns * rows
    ftyp = box('ftyp', b'avif' + be32(0) + b'avifmif1miaf')

    def meta(mdat_at):
        hdlr = full('hdlr', 0, be32(0) + b'pict' + be32(0) * 3 + b'\0')
        infe = full('infe', 2, be16(1) + be16(0) + b'grid\0')
        infe += b''.join(full('infe', 2, be16(2 + i) + be16(0) + b'av01\0') for i in range(n))
        grid_at = mdat_at + 8
        locs = be16(1) + be16(0) + be16(1) + be32(grid_at) + be32(len(payload))
        locs += b''.join(be16(2 + i) + be16(0) + be16(1) + be32(grid_at + len(payload)) + be32(len(data)) for i in range(n))
        iref = full('iref', 0, box('dimg', be16(1) + be16(n) + b''.join(be16(2 + i) for i in range(n))))
        ipco = box('ipco', full('ispe', 0, be32(width) + be32(height)) + full('ispe', 0, be32(side) + be32(side)) + av1c)
        ipma = full('ipma', 0, be32(1 + n) + be16(1) + bytes([1, 1])
                    + b''.join(be16(2 + i) + bytes([2, 2, 0x83]) for i in range(n)))
        return full('meta', 0, hdlr + full('pitm', 0, be16(1)) + full('iloc', 0, bytes([0x44, 0]) + be16(1 + n) + locs)
                    + full('iinf', 0, be16(1 + n) + infe) + iref + box('iprp', ipco + ipma))
    return ftyp + meta(len(ftyp) + len(meta(0))) + box('mdat', payload + data)


if __name__ == '__main__':
    out, columns, rows, width, height = sys.argv[1], *map(int, sys.argv[2:6])
    with open(out, 'wb') as f:
        f.write(grid(columns, rows, width, height))
