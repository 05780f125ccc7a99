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

The same references are forbidden in the tracked source files (git ls-files: *.cpp, *.hpp,
*.py, *.sh, *.cmake, CMakeLists.txt, *.yaml, *.proto), whose comments a reader of the
repository reads as much as its documentation; tests/cli/*.t and tests/data/** are left out
(goldens and test inputs hold what the program prints and reads, not prose about it).

Exit 1 on any problem.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINK = re.compile(r'!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
FORBIDDEN = [
    (re.compile(r'\bDESIGN(?:\.md|\s*§)'), 'a design document the repository does not hold'),
    (re.compile(r'\.\./shared\b'), 'a folder outside the repository (../shared)'),
    (re.compile(r'\bissues?\s+#?\d+\b', re.I), 'an issue number of a tracker the repository does not hold'),
    (re.compile(r'(?<![\w/.-])#\d+\b'), 'an issue number of a tracker the repository does not hold'),
]
# In code a bare "#12" is also an HTML entity (&#39;), a colour (#222) or a rank ("#1 nodes=1"):
# there only a parenthesised one, "(#12)" or "(issue 26, #12)", is taken for an issue number.
SOURCE_FORBIDDEN = FORBIDDEN[:3] + [
    (re.compile(r'\(#\d+\b|(?<![\w/.&-])#\d+\)'), 'an issue number of a tracker the repository does not hold'),
]
# Another project's issue, named with its project just before it: "google/perfetto issue 99",
# "NVIDIA/nccl issue #1505", "(flash-attention #1791)", "nccl-tests PR 12".
EXTERNAL = re.compile(r'[\w.]+[/-][\w./-]*\s+(?:PR\s+|pull request\s+)?$', re.I)


def forbidden(line, patterns):
    """(text, why) of the first reference to something the repository does not hold, or None."""
    for rx, why in patterns:
        for m in rx.finditer(line):
            if not EXTERNAL.search(line[:m.start()]):
                return m.group(0), why
    return None


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


SOURCE_SUFFIXES = ('.cpp', '.hpp', '.py', '.sh', '.cmake', '.yaml', '.proto')


def source_files():
    """The tracked source files whose text the second pass reads, relative to ROOT."""
    out = subprocess.run(['git', 'ls-files', '-z'], cwd=ROOT, check=True,
                         capture_output=True).stdout.decode('utf-8').split('\0')
    files = []
    for rel in out:
        if not rel or rel.startswith('tests/data/') or re.match(r'^tests/cli/[^/]*\.t$', rel):
            continue
        if rel.endswith(SOURCE_SUFFIXES) or os.path.basename(rel) == 'CMakeLists.txt':
            if os.path.isfile(os.path.join(ROOT, rel)):
                files.append(rel)
    return sorted(files)


def check_sources(problems):
    """Second pass: the FORBIDDEN references in the tracked sources. Returns the file count."""
    me = os.path.relpath(os.path.abspath(__file__), ROOT)
    files = [f for f in source_files() if f != me]  # this file names the patterns it forbids
    for rel in files:
        with open(os.path.join(ROOT, rel), encoding='utf-8', errors='replace') as f:
            for n, line in enumerate(f, 1):
                hit = forbidden(line, SOURCE_FORBIDDEN)
                if hit:
                    problems.append(f'{rel}:{n}: "{hit[0]}": {hit[1]}')
    return len(files)


def main():
    files = [os.path.join(ROOT, 'README.md')] + sorted(
        glob.glob(os.path.join(ROOT, 'docs', '**', '*.md'), recursive=True))
    problems, links = [], 0
    anchor_cache = {}
    for path in files:
        rel = os.path.relpath(path, ROOT)
        fence = False
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        for n, line in enumerate(lines, 1):
            if line.lstrip().startswith('```'):
                fence = not fence
            hit = forbidden(line, FORBIDDEN)
            if hit:
                problems.append(f'{rel}:{n}: "{hit[0]}": {hit[1]}')
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
    sources = check_sources(problems)
    for p in problems:
        print(p)
    print(f'check_links.py: {len(files)} files, {links} relative links, {sources} source files, '
          f'{len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
