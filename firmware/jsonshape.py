"""The structural pass over a ruleset file's bytes before json reads it: depth and duplicates."""

import json

from core import ruleset
from core.check import join
from firmware import strings


def fault(f):
    """The first structural fault of the JSON bytes read from f, as "path: reason", or None.
    A key is decoded as json would decode it, so "a" and "\\u0061" are the same key. Reads
    256 bytes at a time into one buffer; the syntax itself is left to json."""
    buf = bytearray(256)
    stack = []  # type: list  # per open container: [keys seen (None for a list), key or index]
    key = None  # bytearray of the object key being read, or None
    want_key = in_str = esc = False
    while True:
        k = f.readinto(buf)
        if not k:
            return None
        for i in range(k):
            c = buf[i]
            if in_str:
                if esc:
                    esc = False
                elif c == 0x5C:  # backslash
                    esc = True
                elif c == 0x22:  # the closing quote
                    in_str = False
                    if key is not None:
                        top = stack[-1]
                        name = _key(key)
                        top[1] = name
                        if name in top[0]:
                            return _path(stack) + ": " + strings.get("e.twice")
                        top[0].add(name)
                        key = None
                    continue
                if key is not None:
                    key.append(c)
            elif c == 0x22:
                in_str = True
                key = bytearray() if want_key and stack else None
                want_key = False
            elif c == 0x7B or c == 0x5B:  # { [
                if len(stack) >= ruleset.MAX_DEPTH:
                    return (_path(stack) or "ruleset") + ": " + strings.get("e.deep")
                want_key = c == 0x7B
                stack.append([set(), ""] if want_key else [None, 0])
            elif c == 0x7D or c == 0x5D:  # } ]
                want_key = False
                if stack:
                    stack.pop()
            elif c == 0x2C and stack:  # a comma: the next key, or the next item of a list
                top = stack[-1]
                if top[0] is None:
                    top[1] += 1
                else:
                    want_key = True


def _key(raw):
    """An object key as json decodes it (its escapes undone); the raw text if it is broken."""
    try:
        return json.loads(b'"' + raw + b'"') if raw.find(b"\\") >= 0 else raw.decode()
    except ValueError:
        return repr(bytes(raw))  # not text: json refuses it, or keeps it as it is


def _path(stack):
    p = ""
    for top in stack:
        p = join(p, top[1])
    return p
