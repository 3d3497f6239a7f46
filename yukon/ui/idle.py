"""Waiting for input with next to no CPU while the table is still.

``pygame.event.wait`` polls inside (about 2% of a core), so on X11 the loop blocks in
``select`` on the X connection's socket instead (near 0%), with a timeout for the next
timed redraw. Elsewhere it falls back to short sleeps between polls. Another thread (a
solver, a save, a signal handler) calls ``wake()`` after posting an event, so a loop
blocked on the socket sees it at once.
"""

from __future__ import annotations

import os
import select
import sys
import time

import pygame


def _x11_fd() -> int | None:
    """The X connection's file descriptor, to block on it when idle; None when not on X11."""
    try:
        if pygame.display.get_driver() != "x11" or sys.getprofile() is not None:
            return None  # get_wm_info can crash under a profiler (a C-call hook): poll instead
        import ctypes
        import ctypes.util

        disp = pygame.display.get_wm_info().get("display")
        if disp is None:
            return None
        if not isinstance(disp, int):
            get = ctypes.pythonapi.PyCapsule_GetPointer
            get.restype = ctypes.c_void_p
            get.argtypes = [ctypes.py_object, ctypes.c_char_p]
            disp = get(disp, b"display")
        lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        lib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        lib.XConnectionNumber.restype = ctypes.c_int
        fd = int(lib.XConnectionNumber(disp))
        return fd if fd >= 0 else None
    except Exception:  # noqa: BLE001 - any trouble with the X connection: fall back to polling
        return None



class IdleWait:
    """Blocks the loop until input comes, a wake-up is asked for, or a timeout passes."""

    def __init__(self, fps: int) -> None:
        self.fps = fps
        # Made before the window: the app calls window_changed() once it is open (and after
        # each switch of full screen), which finds the X connection to block on.
        self._xfd: int | None = None
        self._read, self._write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self._write, False)
        self._idle_since = time.perf_counter()

    def window_changed(self) -> None:
        """The window was opened or made again (full screen on or off): find the X connection anew."""
        self._xfd = _x11_fd()

    def active(self) -> None:
        """Input came: poll briskly for a while when there is no socket to block on."""
        self._idle_since = time.perf_counter()

    def wake(self) -> None:
        """Wake an idle loop at once (safe from any thread; call it after pygame.event.post)."""
        try:
            os.write(self._write, b"!")
        except OSError:  # the pipe is full: the loop is awake anyway
            pass

    def wait(self, timeout: float) -> list[pygame.event.Event]:
        """Block until input comes or ``timeout`` seconds pass, using next to no CPU."""
        events = pygame.event.get()
        if events:
            return events
        if self._xfd is not None:
            try:
                ready, _, _ = select.select([self._xfd, self._read], [], [], max(0.0, timeout))
                if self._read in ready:
                    try:
                        os.read(self._read, 4096)
                    except OSError:
                        pass
            except (OSError, ValueError):
                self._xfd = None
                time.sleep(min(timeout, 0.05))
            return pygame.event.get()
        # No socket to block on: poll briskly just after activity, then every 50 ms.
        pause = 1.0 / self.fps if time.perf_counter() - self._idle_since < 2.0 else 0.05
        time.sleep(max(0.0, min(timeout, pause)))
        return pygame.event.get()

    def close(self) -> None:
        """Close the wake-up pipe."""
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass
