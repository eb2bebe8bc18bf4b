#!/bin/sh
# test-explore.sh -- the pages of nim --explore in headless Chromium
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs tests/test-explore.py (see there) with a python3 that has
# selenium: the one on the PATH, else Debian's, which python3-selenium
# installs into.  A machine set up by the README's first line has
# chromium, chromium-driver and python3-selenium; without them the test
# fails, naming what to install, rather than skipping.  With --bench it
# prints the bench line of make bench instead.

for python in python3 /usr/bin/python3; do
  if "$python" -c 'import selenium' 2> /dev/null; then
    exec "$python" "${NIM_SRCDIR:-.}/tests/test-explore.py" "$@"
  fi
done
echo "1..1"
echo "not ok 1 - no python3 with selenium; install chromium chromium-driver python3-selenium (the README's first line)"
exit 1
