#!/usr/bin/env python3
"""Check the documentation's links and references (ctest docs.links).

For README.md and docs/**/*.md:
  - every relative link or image, [text](path) or [text](path#anchor), names a file or folder
    of the repository, and an anchor names a heading of the Markdown file it points to
    (GitHub's slugs);
  - no text refers to what the repository does not hold: a design document (DESIGN.md,
    "DESIGN §5"), the sibling folder ../shared/, or an issue tracker's numbers ("issue 12",
    "(#12)"); another project's issues written with its name (NVIDIA/nccl#689, nccl-tests#283)
    are public references and allowed.

Exit 1 on any problem.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINK = re.compile(r'!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
FORBIDDEN = [
    (re.compile(r'\bDESIGN(?:\.md|\s*§)'), 'a design document the repository does not hold'),
    (re.compile(r'\.\./shared\b'), 'a folder outside the repository (../shared)'),
    (re.compile(r'\bissues?\s+#?\d+\b', re.I), 'an issue number of a tracker the repository does not hold'),
    (re.compile(r'(?<![\w/.-])#\d+\b'), 'an issue number of a tracker the repository does not hold'),
]


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r'<[^>]+>', '', s)
    s = re.sub(r'[^\w\- ]', '', s)
    return s.replace(' ', '-')


def anchors(path):
    out, seen, fence = set(), {}, False
    with open(path, encoding='utf-8') as f:
        for line in f:
            if line.lstrip().startswith('```'):
                fence = not fence
            m = None if fence else re.match(r'^(#{1,6})\s+(.*?)\s*#*\s*$', line)
            if m:
                s = slug(m.group(2))
                n = seen.get(s, 0)
                seen[s] = n + 1
                out.add(s if n == 0 else f'{s}-{n}')
    return out


def strip_code(line):
    return re.sub(r'`[^`]*`', '', line)


def main():
    files = [os.path.join(ROOT, 'README.md')] + sorted(
        glob.glob(os.path.join(ROOT, 'docs', '**', '*.md'), recursive=True))
    problems, notes, links = [], [], 0
    anchor_cache = {}
    for path in files:
        rel = os.path.relpath(path, ROOT)
        fence = False
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        for n, line in enumerate(lines, 1):
            if line.lstrip().startswith('```'):
                fence = not fence
            for rx, why in FORBIDDEN:
                m = rx.search(line)
                if m:
                    problems.append(f'{rel}:{n}: "{m.group(0)}": {why}')
            if fence:
                continue
            for m in LINK.finditer(strip_code(line)):
                target = m.group(1)
                if re.match(r'^[a-z][a-z0-9+.-]*:', target, re.I):
                    continue  # http:, https:, mailto:
                links += 1
                file_part, _, anchor = target.partition('#')
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                dest_rel = os.path.relpath(dest, ROOT)
                if dest_rel.startswith('..'):
                    problems.append(f'{rel}:{n}: link "{target}" leaves the repository')
                    continue
                if not os.path.exists(dest):
                    problems.append(f'{rel}:{n}: link "{target}": no file {dest_rel}')
                    continue
                if anchor and dest.endswith('.md'):
                    if dest not in anchor_cache:
                        anchor_cache[dest] = anchors(dest)
                    if anchor not in anchor_cache[dest]:
                        problems.append(f'{rel}:{n}: link "{target}": no heading "#{anchor}" in {dest_rel}')
    for n in notes:
        print('note: ' + n)
    for p in problems:
        print(p)
    print(f'check_links.py: {len(files)} files, {links} relative links, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
