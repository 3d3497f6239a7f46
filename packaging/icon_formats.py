"""The icon for Windows (.ico) and macOS (.icns), made at build time from the committed PNGs.

Pure Python (struct), so the one-file build needs no Pillow: both formats may hold PNG
data as it is. An .ico is a directory of images, each one a PNG here (Windows Vista and
later read PNG entries at any size up to 256); an .icns is a list of typed chunks, and
the types written here hold PNG (macOS 10.7 and later). The readers let the tests (and
anyone) check a file that was written.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# The sizes an .ico holds: what Windows asks for (Explorer, the taskbar, Alt+Tab), 256 at most.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)

# The .icns chunk types that hold a PNG, with the pixel size each wants; ic11-ic14 are the
# Retina (@2x) images of 16, 32, 128 and 256 points. ic10 (512@2x, 1024 px) is left out: no
# 1024-pixel PNG is drawn, and macOS scales ic09 up in the rare view that wants it.
ICNS_TYPES: dict[str, int] = {"icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512,
                              "ic11": 32, "ic12": 64, "ic13": 256, "ic14": 512}


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG, from its header; ValueError when ``data`` is no PNG."""
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _pngs(files: Mapping[int, Path], sizes: set[int]) -> dict[int, bytes]:
    """The PNG bytes for each size in ``sizes``, checked to be square PNGs of that size."""
    found: dict[int, bytes] = {}
    for size in sorted(sizes):
        if size not in files:
            raise ValueError(f"no {size}x{size} PNG given")
        data = files[size].read_bytes()
        if png_size(data) != (size, size):
            raise ValueError(f"{files[size]} is {png_size(data)}, not {size}x{size}")
        found[size] = data
    return found


def ico_bytes(files: Mapping[int, Path]) -> bytes:
    """An .ico holding the PNG of each size in ICO_SIZES (``files``: size -> PNG file)."""
    pngs = _pngs(files, set(ICO_SIZES))
    header = struct.pack("<HHH", 0, 1, len(pngs))  # reserved, type 1 (icon), count
    offset = len(header) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in pngs.items():
        side = size if size < 256 else 0  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def read_ico(data: bytes) -> list[tuple[int, int, bytes]]:
    """(width, height, image bytes) of each entry of an .ico; ValueError when it is not one."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    if reserved != 0 or kind != 1 or count == 0:
        raise ValueError("not an icon file")
    images = []
    for i in range(count):
        w, h, _colours, _reserved, _planes, _bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        if offset + length > len(data):
            raise ValueError("an entry runs past the end of the file")
        images.append((w or 256, h or 256, data[offset:offset + length]))
    return images


def icns_bytes(files: Mapping[int, Path]) -> bytes:
    """An .icns with every chunk of ICNS_TYPES (``files``: size -> PNG file)."""
    pngs = _pngs(files, set(ICNS_TYPES.values()))
    chunks = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                      for kind, size in ICNS_TYPES.items())
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def read_icns(data: bytes) -> list[tuple[str, bytes]]:
    """(type, data) of each chunk of an .icns; ValueError when it is not one."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file (or its length is wrong)")
    chunks, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4].decode("ascii"), struct.unpack(">I", data[at + 4:at + 8])[0]
        if length < 8 or at + length > len(data):
            raise ValueError(f"chunk {kind!r} has a wrong length")
        chunks.append((kind, data[at + 8:at + length]))
        at += length
    return chunks


def write_icon(kind: str, files: Mapping[int, Path], out: Path) -> Path:
    """Write the ``kind`` ("ico" or "icns") icon from ``files`` to ``out``; returns ``out``."""
    data = {"ico": ico_bytes, "icns": icns_bytes}[kind](files)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    return out
